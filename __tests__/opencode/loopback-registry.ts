/**
 * An npm registry over HTTPS on 127.0.0.1, signed by a test certificate (a
 * corporate proxy's root CA as far as npm can tell): one package, one
 * version, whose tarball holds `bin/opencode`, a shell script that prints the
 * version. Records every path npm asks for.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestCertificate } from '../egress/test-certificate.js'

const run = promisify(execFile)

export interface LoopbackRegistry {
  /** `https://127.0.0.1:<port>/`, for npm_config_registry. */
  readonly url: string
  readonly paths: string[]
  close(): Promise<void>
}

/** The package tarball npm would download: `package/` holding package.json and bin/opencode. */
async function packageTarball(name: string, version: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'registry-pack-'))
  try {
    await mkdir(join(dir, 'package', 'bin'), { recursive: true })
    await writeFile(join(dir, 'package', 'package.json'), JSON.stringify({ name, version }))
    const binary = join(dir, 'package', 'bin', 'opencode')
    await writeFile(binary, `#!/bin/sh\necho "${version}"\n`)
    await chmod(binary, 0o755)
    await run('tar', ['-czf', join(dir, 'package.tgz'), '-C', dir, 'package'])
    return await readFile(join(dir, 'package.tgz'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export async function startLoopbackRegistry(
  identity: TestCertificate,
  name: string,
  version: string
): Promise<LoopbackRegistry> {
  const tarball = await packageTarball(name, version)
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`
  const paths: string[] = []
  let url = ''
  const server = createServer({ cert: identity.cert, key: identity.key }, (req, res) => {
    const path = req.url ?? ''
    paths.push(path)
    req.resume()
    if (path === `/${name}`) {
      const tarballUrl = `${url}${name}/-/${name}-${version}.tgz`
      const manifest = { name, version, dist: { tarball: tarballUrl, integrity } }
      const packument = {
        name,
        'dist-tags': { latest: version },
        versions: { [version]: manifest }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(packument))
    } else if (path === `/${name}/-/${name}-${version}.tgz`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(tarball)
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return {
    url,
    paths,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
