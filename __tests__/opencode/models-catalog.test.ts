/**
 * The provider catalogue cut to the review's provider, read out of the real
 * opencode binary: opencode given the cut reports the same provider, with the
 * same models, limits and costs, as opencode reading its own whole catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createOpencodeClient } from '@opencode-ai/sdk/v2'
import { copyFile, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildOpencodeConfig } from '../../src/opencode/config.js'
import {
  catalogFor,
  readModelsCatalog,
  type ModelsCatalog
} from '../../src/opencode/models-catalog.js'
import { ManagedOpenCodeServer } from '../../src/opencode/server.js'
import { OPENCODE_BINARY } from './session-harness.js'

let catalog: ModelsCatalog
let scratch: string

beforeAll(async () => {
  catalog = await readModelsCatalog(OPENCODE_BINARY)
  scratch = await mkdtemp(join(tmpdir(), 'models-catalog-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('readModelsCatalog', () => {
  it("finds the binary's whole catalogue", () => {
    expect(catalog.providers.size).toBeGreaterThan(100)
    for (const id of ['anthropic', 'openai', 'amazon-bedrock', 'google-vertex']) {
      expect(catalog.providers.has(id)).toBe(true)
    }
  })

  it('reads a binary once per process; a changed or different file is read again', async () => {
    expect(await readModelsCatalog(OPENCODE_BINARY)).toBe(catalog)
    const copy = join(scratch, 'opencode-copy')
    await copyFile(OPENCODE_BINARY, copy)
    const fromCopy = await readModelsCatalog(copy)
    expect(fromCopy).not.toBe(catalog)
    expect(await readModelsCatalog(copy)).toBe(fromCopy)
    await utimes(copy, new Date(), new Date(Date.now() + 60_000))
    expect(await readModelsCatalog(copy)).not.toBe(fromCopy)
  })

  it('refuses a file without a catalogue', async () => {
    const file = join(scratch, 'not-opencode')
    await writeFile(file, 'x=>({a:1})\n#!/bin/sh\necho no catalogue here\n')
    await expect(readModelsCatalog(file)).rejects.toThrow(`no models.dev snapshot found in ${file}`)
  })
})

describe('catalogFor', () => {
  it('holds the enabled providers and nothing else', () => {
    const cut = JSON.parse(catalogFor(catalog, ['anthropic', 'openai'])) as Record<
      string,
      { id: string; models: Record<string, unknown> }
    >
    expect(Object.keys(cut)).toEqual(['anthropic', 'openai'])
    expect(cut['anthropic']?.id).toBe('anthropic')
    expect(Object.keys(cut['anthropic']?.models ?? {}).length).toBeGreaterThan(3)
  })

  it('is empty for a provider that only opencode_config defines', () => {
    expect(catalogFor(catalog, ['fake'])).toBe('{}')
  })
})

describe('opencode with the cut catalogue', () => {
  /** What opencode reports about the anthropic provider, given `models` or its own catalogue. */
  async function anthropicAsReported(models: string | undefined): Promise<unknown> {
    const anthropic = JSON.parse(catalogFor(catalog, ['anthropic'])) as {
      anthropic: { models: Record<string, unknown> }
    }
    const model = `anthropic/${Object.keys(anthropic.anthropic.models)[0]}`
    const server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BINARY,
      directory: scratch,
      config: buildOpencodeConfig({
        model,
        modelEndpoint: { baseURL: 'http://127.0.0.1:9/v1', token: 'run-token-0123456789abcdef' },
        enableWeb: false,
        mcpServers: {},
        systemPrompt: 'You review pull requests.',
        allowedToolNames: []
      }),
      startupTimeoutMs: 60_000
    })
    try {
      if (models !== undefined) await server.writeInstanceFiles({ models })
      const client = createOpencodeClient({
        baseUrl: server.url,
        directory: scratch,
        headers: server.authHeaders()
      })
      const { data } = await client.config.providers(undefined, { throwOnError: true })
      return {
        providers: data.providers.filter((p) => p.id === 'anthropic'),
        default: data.default
      }
    } finally {
      await server.stop()
    }
  }

  it('reports the same provider, models, limits and costs as with its own catalogue', async () => {
    const own = await anthropicAsReported(undefined)
    const cut = await anthropicAsReported(catalogFor(catalog, ['anthropic']))
    expect((own as { providers: unknown[] }).providers).toHaveLength(1)
    expect(cut).toEqual(own)
  }, 180_000)
})
