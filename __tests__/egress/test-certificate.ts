/**
 * A throwaway CA-less TLS identity for loopback HTTPS servers: a self-signed
 * certificate for `model.test` and 127.0.0.1, made with the openssl CLI in a
 * temp folder. What a corporate root CA is to a runner, this certificate is
 * to the tests: untrusted until a CA setting names its file.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface TestCertificate {
  readonly dir: string
  /** PEM file of the certificate: what NODE_EXTRA_CA_CERTS / SSL_CERT_FILE name. */
  readonly certFile: string
  readonly cert: string
  readonly key: string
  dispose(): Promise<void>
}

export async function makeTestCertificate(): Promise<TestCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'egress-cert-'))
  const certFile = join(dir, 'cert.pem')
  const keyFile = join(dir, 'key.pem')
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    '/CN=model.test',
    '-addext',
    'subjectAltName=DNS:model.test,IP:127.0.0.1',
    '-addext',
    'basicConstraints=critical,CA:TRUE'
  ])
  return {
    dir,
    certFile,
    cert: await readFile(certFile, 'utf8'),
    key: await readFile(keyFile, 'utf8'),
    dispose: () => rm(dir, { recursive: true, force: true })
  }
}

export interface HttpsService {
  readonly port: number
  readonly paths: string[]
  close(): Promise<void>
}

/** An HTTPS service on 127.0.0.1 answering 200 "tls answer", recording request paths. */
export async function startHttpsService(identity: TestCertificate): Promise<HttpsService> {
  const paths: string[] = []
  const server: Server = createServer({ cert: identity.cert, key: identity.key }, (req, res) => {
    paths.push(req.url ?? '')
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' }).end('tls answer')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    paths,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
