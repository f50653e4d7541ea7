/**
 * The provider catalogue the sidecar reads, cut down to the review model's
 * provider.
 *
 * opencode carries a snapshot of models.dev in its binary (about 225
 * providers and 8,000 models) and, on the first prompt of an instance, turns
 * every model of every provider into its own model records before
 * `enabled_providers` drops all but one. That took about 2 s of the first
 * prompt (over 8 s on a loaded 2-core machine); with the one provider, about
 * 0.1 s. `OPENCODE_MODELS_PATH` makes opencode read the catalogue from a
 * file instead (sidecar-env.ts), so this module writes that file with the
 * binary's own entry for the provider: the same data, so the same provider,
 * models, limits and costs.
 *
 * The snapshot is a JavaScript object literal in the binary's bundled
 * source, the only one that opens with a provider entry
 * (`=>({<id>:{id:"<id>"`). It is read as data (js-literal.ts), never run,
 * and checked for shape. When it cannot be found or read (another build of
 * opencode), there is no file and opencode uses its whole snapshot, as it
 * always did: slower, not different.
 */
import { open, stat, type FileHandle } from 'node:fs/promises'
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { objectMembers, readJsLiteral, type JsValue, type MemberSpan } from './js-literal.js'

/** Bytes read at a time while looking for the snapshot. */
const CHUNK_BYTES = 8 * 1024 * 1024
/** Bytes kept from the previous chunk, so a needle split across two chunks is seen. */
const OVERLAP_BYTES = 256
/** What the snapshot is read in first, and the most it may span (about 4.5 MB in 1.18.33). */
const SNAPSHOT_READS = [8 * 1024 * 1024, 32 * 1024 * 1024] as const
/** Every provider entry has its `env` list right after its id; a model entry never does. */
const PROVIDER_ID_END = Buffer.from('",env:["', 'latin1')
/** The catalogue's opening, ending where its first provider's id starts: `=>({<key>:{id:"`. */
const OPENING = /=>\(\{(?:[A-Za-z_$][\w$]*|"[^"\\]+"):\{id:"[^"\\]*$/

const providerEntry = z.looseObject({
  id: z.string(),
  name: z.string(),
  env: z.array(z.string()),
  models: z.record(z.string(), z.looseObject({ id: z.string(), name: z.string() }))
})

/** The catalogue, read as far as this module needs: where each provider's entry lies. */
export interface ModelsCatalog {
  readonly text: string
  readonly providers: ReadonlyMap<string, MemberSpan>
}

/**
 * Offset of the snapshot's opening `{` in the binary: the first provider
 * entry of the file, preceded by the opening of an object literal.
 */
async function findSnapshot(file: FileHandle): Promise<number | undefined> {
  const buffer = Buffer.alloc(CHUNK_BYTES + OVERLAP_BYTES)
  let carried = 0
  for (let position = 0; ;) {
    const { bytesRead } = await file.read(buffer, carried, CHUNK_BYTES, position)
    if (bytesRead === 0) return undefined
    const filled = carried + bytesRead
    const chunk = buffer.subarray(0, filled)
    for (let at = chunk.indexOf(PROVIDER_ID_END); at !== -1;) {
      const before = chunk.toString('latin1', Math.max(0, at - 200), at)
      const opening = OPENING.exec(before)
      if (opening !== null) return position - carried + at - before.length + opening.index + 3
      at = chunk.indexOf(PROVIDER_ID_END, at + 1)
    }
    position += bytesRead
    carried = Math.min(OVERLAP_BYTES, filled)
    buffer.copy(buffer, 0, filled - carried, filled)
  }
}

async function readText(file: FileHandle, offset: number, bytes: number): Promise<string> {
  const buffer = Buffer.alloc(bytes)
  const { bytesRead } = await file.read(buffer, 0, bytes, offset)
  return buffer.toString('latin1', 0, bytesRead)
}

/** The snapshot's members, from a first read or, when that cut it short, a larger one. */
async function snapshotMembers(file: FileHandle, offset: number): Promise<ModelsCatalog> {
  for (const [index, bytes] of SNAPSHOT_READS.entries()) {
    const text = await readText(file, offset, bytes)
    try {
      return { text, providers: objectMembers(text, 0).members }
    } catch (error) {
      if (index === SNAPSHOT_READS.length - 1) throw error
    }
  }
  throw new Error('unreachable')
}

/**
 * Catalogues read in this process, by the binary's identity (device, inode,
 * size, modification time): every sidecar of a run (reviewers, discovery
 * runs, confirmers, the fixer) boots the same binary, and scanning its
 * hundred-odd megabytes costs each of them a third of a CPU-second.
 */
const readCatalogues = new Map<string, Promise<ModelsCatalog>>()

/** The binary's provider catalogue; throws when it has none this module can read. */
export async function readModelsCatalog(binary: string): Promise<ModelsCatalog> {
  const info = await stat(binary)
  const key = [binary, info.dev, info.ino, info.size, info.mtimeMs].join('\0')
  const known = readCatalogues.get(key)
  if (known !== undefined) return known
  const reading = readFromBinary(binary)
  readCatalogues.set(key, reading)
  // A failed read is not kept: the next sidecar tries again.
  reading.catch(() => readCatalogues.delete(key))
  return reading
}

async function readFromBinary(binary: string): Promise<ModelsCatalog> {
  const file = await open(binary, 'r')
  try {
    const offset = await findSnapshot(file)
    if (offset === undefined) throw new Error(`no models.dev snapshot found in ${binary}`)
    const catalog = await snapshotMembers(file, offset)
    for (const [key, span] of catalog.providers) {
      if (!catalog.text.startsWith(`{id:${JSON.stringify(key)},`, span.start)) {
        throw new Error(
          `the models.dev snapshot in ${binary} has an entry ${key} that is no provider`
        )
      }
    }
    return catalog
  } finally {
    await file.close()
  }
}

/**
 * The catalogue file for a sidecar whose config enables `providerIds` (the
 * review model's provider, or the `enabled_providers` an opencode_config
 * gave): their entries alone. opencode drops every other provider anyway; a
 * provider defined in opencode_config only has no entry.
 */
export function catalogFor(catalog: ModelsCatalog, providerIds: readonly string[]): string {
  const cut = Object.create(null) as Record<string, JsValue>
  for (const id of providerIds) {
    const span = catalog.providers.get(id)
    if (span === undefined) continue
    const { value } = readJsLiteral(catalog.text, span.start)
    const parsed = providerEntry.safeParse(value)
    if (!parsed.success || parsed.data.id !== id) {
      const problems = parsed.success
        ? [`id: expected ${id}; received ${parsed.data.id}`]
        : formatZodIssues(parsed.error.issues, value, { root: '(entry)', style: 'withheld' })
      throw new Error(`the catalogue entry of ${id} is not a provider: ${problems.join('; ')}`)
    }
    // The value as read, not zod's copy: the same keys in the same order.
    cut[id] = value
  }
  return JSON.stringify(cut)
}
