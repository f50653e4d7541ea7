/**
 * The egress filter's lines in the action's log: one per destination and
 * verdict (`egress: CONNECT host:443`, `egress refused: GET host:80:
 * reason`), however often the sidecar asks again. opencode retries what
 * fails (a download on every grep, for one), so a refused host would
 * otherwise fill the log with the same line.
 */
import type { EgressEvent } from './egress-proxy.js'

function describeEvent(event: EgressEvent): string {
  const target = `${event.method} ${event.host}:${event.port}`
  return event.allowed ? `egress: ${target}` : `egress refused: ${target}: ${event.reason ?? ''}`
}

/** An onEvent for EgressProxy that writes each distinct line once. */
export function egressLog(info: (message: string) => void): (event: EgressEvent) => void {
  const written = new Set<string>()
  return (event) => {
    const line = describeEvent(event)
    if (written.has(line)) return
    written.add(line)
    info(line)
  }
}
