/**
 * The minimized corpus (corpus.json): one entry per shape that got past a
 * sanitizer once, each written as it would appear in a real review finding.
 * Every entry must come out clean in both modes; the file grows with every
 * bug found (`npm run differential` prints minimized candidates).
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'

const entrySchema = z.object({
  /** The root-cause class, short. */
  class: z.string().min(1),
  /** What the shape does and why it got through. */
  description: z.string().min(1),
  input: z.string().min(1)
})
const corpusSchema = z.object({ entries: z.array(entrySchema).min(1) })

export type CorpusEntry = z.infer<typeof entrySchema>

/** corpus.json (what the sanitizer prints) or inbound-corpus.json (what the model reads). */
export function loadCorpus(name = 'corpus.json'): CorpusEntry[] {
  const file = new URL(`./${name}`, import.meta.url)
  return corpusSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).entries
}
