/**
 * Forwards one plain-HTTP request the egress filter allowed (a proxy request
 * in absolute form, `GET http://host/path`): to the checked address with the
 * original Host header, or through the runner's proxy with the checked
 * address in the URL, so no one resolves the name again.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { pipeline } from 'node:stream/promises'
import { endToEndHeaders } from './hop-headers.js'
import { proxyAuthorization, proxyTlsOptions } from './runner-proxy.js'
import { hostPort, type CheckedTarget } from './tunnel.js'

export async function forwardHttp(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  target: CheckedTarget,
  proxy: URL | undefined,
  /** Roots an https:// runner proxy is verified with; default: Node's. */
  ca?: readonly string[]
): Promise<void> {
  const path = `${url.pathname}${url.search}`
  const headers = { ...endToEndHeaders(req.headers), host: url.host }
  const authorization = proxy === undefined ? undefined : proxyAuthorization(proxy)
  const options =
    proxy === undefined
      ? { host: target.address, port: target.port, path, headers }
      : {
          host: proxy.hostname.replace(/^\[|\]$/g, ''),
          port: proxy.port === '' ? (proxy.protocol === 'https:' ? 443 : 80) : Number(proxy.port),
          path: `http://${hostPort(target)}${path}`,
          headers: {
            ...headers,
            ...(authorization === undefined ? {} : { 'proxy-authorization': authorization })
          }
        }
  const tls = proxy?.protocol === 'https:'
  const send = tls ? httpsRequest : httpRequest
  const outgoing = send({
    ...options,
    ...(proxy !== undefined && tls ? proxyTlsOptions(proxy, ca) : {}),
    method: req.method ?? 'GET',
    agent: false
  })
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    outgoing.once('response', resolve)
    outgoing.once('error', reject)
  })
  const [response] = await Promise.all([answered, pipeline(req, outgoing)])
  res.writeHead(response.statusCode ?? 502, endToEndHeaders(response.headers))
  await pipeline(response, res)
}
