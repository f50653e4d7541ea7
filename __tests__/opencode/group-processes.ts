/**
 * Linux /proc helpers for the opencode tests: which processes belong to a
 * process group, and what environment a process was started with.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Live (non-zombie) pids whose process group is `pgid` (field 5 of /proc/<pid>/stat). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // The command name (field 2) may hold spaces; count fields after its ")".
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name))
    } catch {
      // The process ended while we looked.
    }
  }
  return members
}

export function processEnviron(pid: number): Record<string, string> {
  const env: Record<string, string> = {}
  for (const entry of readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')) {
    if (entry === '') continue
    const eq = entry.indexOf('=')
    env[entry.slice(0, eq)] = entry.slice(eq + 1)
  }
  return env
}
