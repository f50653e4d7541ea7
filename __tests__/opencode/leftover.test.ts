/** The post step stops a sidecar the main step left behind, and only that. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  forgetSidecar,
  rememberSidecar,
  SIDECAR_STATE_KEY,
  SidecarStates,
  stopLeftoverSidecar
} from '../../src/opencode/leftover.js'
import { ManagedOpenCodeServer } from '../../src/opencode/server.js'
import { groupMembers } from './group-processes.js'

let scratch: string
let binary: string

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'oc-leftover-'))
  await mkdir(join(scratch, 'bin'))
  // Named "opencode", like the real thing, so the post step recognises it.
  binary = join(scratch, 'bin', 'opencode')
  await writeFile(
    binary,
    '#!/bin/sh\necho "opencode server listening on http://127.0.0.1:9"\nsleep 300 &\nwait\n'
  )
  await chmod(binary, 0o755)
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

function memoryState() {
  const state = new Map<string, string>()
  return {
    saveState: (name: string, value: string) => void state.set(name, value),
    getState: (name: string) => state.get(name) ?? '',
    state
  }
}

describe('rememberSidecar / stopLeftoverSidecar', () => {
  it('stops the recorded group and removes its temp dirs', async () => {
    const server = await ManagedOpenCodeServer.start({ binary, directory: scratch, config: {} })
    const io = memoryState()
    const workspaceDir = await mkdtemp(join(tmpdir(), 'opencode-workspace-'))
    rememberSidecar(server, [server.stateDirectory, workspaceDir], io)
    expect(JSON.parse(io.state.get(SIDECAR_STATE_KEY) ?? '')).toEqual({
      pgid: server.pid,
      dirs: [server.stateDirectory, workspaceDir]
    })
    const outcome = await stopLeftoverSidecar({ ...io, log: () => undefined })
    expect(outcome).toBe('stopped')
    expect(groupMembers(server.pid)).toEqual([])
    expect(existsSync(workspaceDir)).toBe(false)
    expect(existsSync(server.stateDirectory)).toBe(false)
    await server.stop()
  })

  it('does nothing after forgetSidecar', async () => {
    const io = memoryState()
    rememberSidecar({ pgid: 424242 }, [], io)
    forgetSidecar(io)
    expect(await stopLeftoverSidecar(io)).toBe('none')
  })

  it('leaves alone a group whose leader is not opencode, and dirs that are not ours', async () => {
    const other = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' })
    const keep = join(scratch, 'keep-me')
    await mkdir(keep)
    try {
      const io = memoryState()
      rememberSidecar({ pgid: other.pid as number }, [keep], io)
      const outcome = await stopLeftoverSidecar({ ...io, log: () => undefined })
      expect(outcome).toBe('not-opencode')
      expect(groupMembers(other.pid as number)).toEqual([other.pid])
      expect(existsSync(keep)).toBe(true)
    } finally {
      process.kill(-(other.pid as number), 'SIGKILL')
    }
  })

  it('rejects a state it cannot parse, naming the key', async () => {
    const io = memoryState()
    io.saveState(SIDECAR_STATE_KEY, JSON.stringify({ pgid: 1 }))
    await expect(stopLeftoverSidecar(io)).rejects.toThrow(`state ${SIDECAR_STATE_KEY} is invalid`)
  })

  it('several sidecars (one per reviewer model): one stopping cleanly leaves the others recorded, and the post step stops them all', async () => {
    const first = await ManagedOpenCodeServer.start({ binary, directory: scratch, config: {} })
    const second = await ManagedOpenCodeServer.start({ binary, directory: scratch, config: {} })
    const third = await ManagedOpenCodeServer.start({ binary, directory: scratch, config: {} })
    try {
      const io = memoryState()
      const states = new SidecarStates(io.saveState)
      const slots = [states.slot(), states.slot(), states.slot()]
      rememberSidecar(first, [], { saveState: slots[0] })
      rememberSidecar(second, [], { saveState: slots[1] })
      rememberSidecar(third, [], { saveState: slots[2] })
      forgetSidecar({ saveState: slots[1] })
      expect(JSON.parse(io.state.get(SIDECAR_STATE_KEY) ?? '')).toEqual([
        { pgid: first.pid, dirs: [] },
        { pgid: third.pid, dirs: [] }
      ])
      expect(await stopLeftoverSidecar({ ...io, log: () => undefined })).toBe('stopped')
      expect(groupMembers(first.pid)).toEqual([])
      expect(groupMembers(third.pid)).toEqual([])
      expect(groupMembers(second.pid).length).toBeGreaterThan(0)
      forgetSidecar({ saveState: slots[0] })
      forgetSidecar({ saveState: slots[2] })
      expect(io.state.get(SIDECAR_STATE_KEY)).toBe('')
    } finally {
      await Promise.all([first.stop(), second.stop(), third.stop()])
    }
  })
})
