/**
 * The CA certificates the model proxy trusts for its upstream connection (to
 * the provider, or to the runner's HTTPS proxy). A corporate network that
 * inspects TLS gives its runners a root CA in NODE_EXTRA_CA_CERTS or
 * SSL_CERT_FILE; Node reads the first only at start-up and never the second,
 * so both files are read here and added to Node's default roots. With
 * neither set, Node's defaults apply unchanged.
 */
import { readFile } from 'node:fs/promises'
import * as tls from 'node:tls'
import { getErrorMessage } from '../core/errors/error-message.js'

/** Variables naming a PEM file of extra trusted roots, in the order read. */
export const CA_FILE_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE'] as const

export interface RunnerCertificates {
  /** Every trusted root, PEM; undefined when no CA file is set (Node's defaults). */
  readonly ca: readonly string[] | undefined
  /** One line per file that was set but could not be used. */
  readonly problems: readonly string[]
}

type Env = Readonly<Record<string, string | undefined>>

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g

/** Node's default roots: `tls.getCACertificates` (Node 22.15+) knows system and extra CAs too. */
function defaultRoots(): string[] {
  const withStore = tls as typeof tls & { getCACertificates?: (type: 'default') => string[] }
  return withStore.getCACertificates?.('default') ?? [...tls.rootCertificates]
}

export async function runnerCertificates(
  env: Env,
  read: (path: string) => Promise<string> = (path) => readFile(path, 'utf8')
): Promise<RunnerCertificates> {
  const extra: string[] = []
  const problems: string[] = []
  let named = false
  for (const name of CA_FILE_VARIABLES) {
    const path = env[name]?.trim() ?? ''
    if (path === '') continue
    named = true
    let text: string
    try {
      text = await read(path)
    } catch (error) {
      problems.push(`${name} "${path}" could not be read: ${getErrorMessage(error)}`)
      continue
    }
    const certificates = text.match(PEM_CERTIFICATE) ?? []
    if (certificates.length === 0) {
      problems.push(
        `${name} "${path}" holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)`
      )
    }
    extra.push(...certificates)
  }
  return { ca: named ? [...defaultRoots(), ...extra] : undefined, problems }
}
