/**
 * A loopback port the kernel reports free. opencode's `--port=0` tries 4096
 * first, so every sidecar of a machine (parallel jobs on a self-hosted runner,
 * parallel test workers) would queue for the same port, and a client that
 * still holds a keep-alive socket to an earlier server on 4096 gets its
 * request reset. The port can be taken between this check and opencode's
 * bind; ManagedOpenCodeServer retries start-up when that happens.
 */
import { createServer } from 'node:net'

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** opencode's output when its port was taken ("ServeError" in 1.18.33). */
export function isPortInUse(output: string): boolean {
  return /ServeError|EADDRINUSE|address already in use/i.test(output)
}
