/** Which roots the model proxy trusts: Node's, plus the PEM files the runner's CA settings name. */
import { describe, expect, it } from '@jest/globals'
import { rootCertificates } from 'node:tls'
import { runnerCertificates } from '../../src/egress/runner-cas.js'

const PEM = (body: string) => `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`
const files: Record<string, string> = {
  '/etc/corp/root.pem': `comment\n${PEM('Q09SUA==')}\n${PEM('U0VDT05E')}\n`,
  '/etc/ssl/bundle.pem': PEM('QlVORExF'),
  '/etc/ssl/empty.pem': 'not a certificate'
}
const read = async (path: string): Promise<string> => {
  const text = files[path]
  if (text === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`)
  return text
}

describe('runnerCertificates', () => {
  it("leaves Node's defaults alone when no CA file is set", async () => {
    expect(await runnerCertificates({ SSL_CERT_FILE: ' ' }, read)).toEqual({
      ca: undefined,
      problems: []
    })
  })

  it("adds every certificate of both files to Node's roots", async () => {
    const { ca, problems } = await runnerCertificates(
      { NODE_EXTRA_CA_CERTS: '/etc/corp/root.pem', SSL_CERT_FILE: '/etc/ssl/bundle.pem' },
      read
    )
    expect(problems).toEqual([])
    expect(ca?.slice(-3)).toEqual([PEM('Q09SUA=='), PEM('U0VDT05E'), PEM('QlVORExF')])
    expect(ca).toEqual(expect.arrayContaining([...rootCertificates]))
  })

  it('names the variable, the path and the reason for a file it cannot use', async () => {
    const { ca, problems } = await runnerCertificates(
      { NODE_EXTRA_CA_CERTS: '/nowhere.pem', SSL_CERT_FILE: '/etc/ssl/empty.pem' },
      read
    )
    expect(problems).toEqual([
      `NODE_EXTRA_CA_CERTS "/nowhere.pem" could not be read: ENOENT: no such file or directory, open '/nowhere.pem'`,
      'SSL_CERT_FILE "/etc/ssl/empty.pem" holds no PEM certificate (expected -----BEGIN CERTIFICATE-----)'
    ])
    expect(ca?.length).toBeGreaterThanOrEqual(rootCertificates.length)
  })
})
