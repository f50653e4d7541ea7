/**
 * A TCP connection to an address the egress filter allowed: straight to it,
 * or through the runner's proxy with CONNECT. Either way the connection goes
 * to the address that was checked (never to a name resolved again), so an
 * answer that changes between the check and the connection changes nothing.
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect, isIPv6, type Socket } from 'node:net'
import { proxyAuthorization, proxyTlsOptions, redactedProxy } from './runner-proxy.js'

export interface CheckedTarget {
  /** The IP address the filter judged. */
  readonly address: string
  readonly port: number
}

/** `host:port` as CONNECT and URLs write it (IPv6 in brackets). */
export function hostPort(target: CheckedTarget): string {
  const host = isIPv6(target.address) ? `[${target.address}]` : target.address
  return `${host}:${target.port}`
}

function direct(target: CheckedTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.address, port: target.port })
    socket.once('connect', () => {
      socket.off('error', reject)
      resolve(socket)
    })
    socket.once('error', reject)
  })
}

function throughProxy(
  target: CheckedTarget,
  proxy: URL,
  ca: readonly string[] | undefined
): Promise<Socket> {
  const authorization = proxyAuthorization(proxy)
  const send = proxy.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const request = send({
      ...(proxy.protocol === 'https:' ? proxyTlsOptions(proxy, ca) : {}),
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port === '' ? (proxy.protocol === 'https:' ? 443 : 80) : Number(proxy.port),
      method: 'CONNECT',
      path: hostPort(target),
      agent: false,
      headers: {
        host: hostPort(target),
        ...(authorization === undefined ? {} : { 'proxy-authorization': authorization })
      }
    })
    request.once('connect', (response, socket, head) => {
      if (response.statusCode !== 200) {
        socket.destroy()
        reject(
          new Error(
            `the runner's proxy ${redactedProxy(proxy)} answered ${response.statusCode} to CONNECT ${hostPort(target)}`
          )
        )
        return
      }
      if (head.length > 0) socket.unshift(head)
      resolve(socket)
    })
    request.once('error', reject)
    request.end()
  })
}

/**
 * Opens the connection; `proxy` is the runner's proxy for this target, if
 * any, `ca` the roots an https:// proxy is verified with (default: Node's).
 */
export function openTunnel(
  target: CheckedTarget,
  proxy: URL | undefined,
  ca?: readonly string[]
): Promise<Socket> {
  return proxy === undefined ? direct(target) : throughProxy(target, proxy, ca)
}
