/**
 * A sidecar that outlives the main step (runner cancelled it, the process was
 * killed outright: no exit handler ran) is stopped by the action's `post:`
 * step. The main step records the process group and temp dirs with
 * core.saveState; the post step reads them back with core.getState.
 */
import * as core from '@actions/core'
import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename } from 'node:path'
import { z } from 'zod'
import { isGroupAlive, killGroup } from '../process/process-group.js'

export const SIDECAR_STATE_KEY = 'opencode-sidecar'

/** Only our own temp dirs may be deleted by the post step. */
const OWN_DIR = /^opencode-(sidecar|workspace)-[A-Za-z0-9]+$/

const sidecarSchema = z.object({
  pgid: z.number().int().gt(1),
  dirs: z.array(z.string()).default([])
})

/** One sidecar, or several (one per reviewer model, all running at once). */
const stateSchema = z.union([sidecarSchema.transform((one) => [one]), z.array(sidecarSchema)])

export interface LeftoverIo {
  readonly saveState?: (name: string, value: string) => void
  readonly getState?: (name: string) => string
  readonly log?: (message: string) => void
  readonly graceMs?: number
}

/** Main step: call right after the sidecar started. */
export function rememberSidecar(
  sidecar: { readonly pgid: number },
  dirs: readonly string[] = [],
  io: LeftoverIo = {}
): void {
  const save = io.saveState ?? core.saveState
  save(SIDECAR_STATE_KEY, JSON.stringify({ pgid: sidecar.pgid, dirs }))
}

/** Main step: call after a clean stop, so the post step has nothing to do. */
export function forgetSidecar(io: LeftoverIo = {}): void {
  ;(io.saveState ?? core.saveState)(SIDECAR_STATE_KEY, '')
}

/**
 * Whether the group still belongs to opencode. While a group has members its
 * id cannot be reused, so only a live leader running something else (pid
 * reused after the whole group ended) means "not ours".
 */
function isOpencodeGroup(pgid: number): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pgid}/cmdline`, 'utf8')
    return cmdline.includes('opencode')
  } catch {
    return true
  }
}

export type LeftoverOutcome = 'none' | 'gone' | 'stopped' | 'not-opencode'

/**
 * Several sidecars in one state (see rememberSidecar): each started agent
 * keeps its own slot, and the state holds every sidecar still running, so
 * one stopping cleanly does not hide another from the post step.
 */
export class SidecarStates {
  private readonly slots = new Map<number, string>()
  private next = 0

  constructor(private readonly save: (name: string, value: string) => void) {}

  /** The saveState of one more sidecar. */
  slot(): (name: string, value: string) => void {
    const id = this.next++
    return (name, value) => {
      if (name !== SIDECAR_STATE_KEY) return this.save(name, value)
      if (value === '') this.slots.delete(id)
      else this.slots.set(id, value)
      const all = [...this.slots.values()].map((json) => JSON.parse(json) as unknown)
      this.save(SIDECAR_STATE_KEY, all.length === 0 ? '' : JSON.stringify(all))
    }
  }
}

/** Post step: stops every recorded sidecar group still running. */
export async function stopLeftoverSidecar(io: LeftoverIo = {}): Promise<LeftoverOutcome> {
  const raw = (io.getState ?? core.getState)(SIDECAR_STATE_KEY)
  if (raw === '') return 'none'
  const parsed = stateSchema.safeParse(JSON.parse(raw))
  if (!parsed.success) {
    throw new Error(
      `state ${SIDECAR_STATE_KEY} is invalid: ${raw} (expected { pgid, dirs } or a list of them)`
    )
  }
  const outcomes: LeftoverOutcome[] = []
  for (const sidecar of parsed.data) outcomes.push(await stopOne(sidecar, io))
  // The most telling outcome: one stopped, else one left alone, else all gone.
  return (['stopped', 'not-opencode', 'gone'] as const).find((o) => outcomes.includes(o)) ?? 'none'
}

async function stopOne(
  { pgid, dirs }: z.output<typeof sidecarSchema>,
  io: LeftoverIo
): Promise<LeftoverOutcome> {
  const log = io.log ?? core.info
  let outcome: LeftoverOutcome = 'gone'
  if (isGroupAlive(pgid)) {
    if (!isOpencodeGroup(pgid)) {
      log(`Process group ${pgid} is no longer opencode; left alone.`)
      outcome = 'not-opencode'
    } else {
      log(`Stopping the opencode sidecar left behind (process group ${pgid}).`)
      killGroup(pgid, 'SIGTERM')
      const end = Date.now() + (io.graceMs ?? 3000)
      while (isGroupAlive(pgid) && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      if (isGroupAlive(pgid)) killGroup(pgid, 'SIGKILL')
      outcome = 'stopped'
    }
  }
  for (const dir of dirs) {
    if (OWN_DIR.test(basename(dir))) await rm(dir, { recursive: true, force: true })
  }
  return outcome
}
