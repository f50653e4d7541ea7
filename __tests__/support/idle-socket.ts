/**
 * Whether a loopback listener keeps an idle keep-alive socket open. opencode's
 * fetch (Bun) pools sockets for minutes and reuses one without checking it;
 * Node's http server closes an idle socket after 5 s unless told otherwise, so
 * a POST sent as the server closes fails ("The socket connection was closed
 * unexpectedly") and is never retried.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent, request, type RequestOptions } from 'node:http'
import type { Socket } from 'node:net'

/** Node's `server.keepAliveTimeout` default. */
export const NODE_DEFAULT_KEEP_ALIVE_MS = 5000

export interface IdleSocketResult {
  /** The server closed the first socket while it sat idle. */
  readonly closedByServer: boolean
  /** The second exchange went over the first exchange's socket. */
  readonly reused: boolean
}

function exchange(url: string, options: RequestOptions, agent: Agent): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ...options, agent }, (res) => {
      const socket = res.socket
      res.resume()
      res.on('end', () => resolve(socket))
    })
    req.on('error', reject)
    req.end(options.method === 'POST' ? '{}' : undefined)
  })
}

/**
 * Two exchanges over one pooled socket with more than Node's default idle
 * timeout between them.
 */
export async function idleSocketAfterDefaultTimeout(
  url: string,
  options: RequestOptions = {}
): Promise<IdleSocketResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const first = await exchange(url, options, agent)
    let closedByServer = false
    first.on('close', () => (closedByServer = true))
    await sleep(NODE_DEFAULT_KEEP_ALIVE_MS + 1500)
    const second = closedByServer ? undefined : await exchange(url, options, agent)
    return { closedByServer, reused: second === first }
  } finally {
    agent.destroy()
  }
}
