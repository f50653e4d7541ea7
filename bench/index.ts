/**
 * `npm run bench`: runs every bench/*.bench.ts in turn. Each prints its own
 * measurements as ratios taken in one run (never compared with a fixed time).
 */
import { readdir } from 'node:fs/promises'

const dir = new URL('./', import.meta.url)
const files = (await readdir(dir)).filter((file) => file.endsWith('.bench.ts')).sort()
const only = process.argv[2]
for (const file of files) {
  if (only !== undefined && !file.includes(only)) continue
  console.log(`\n## ${file}`)
  const mod = (await import(new URL(file, dir).href)) as { main?: () => Promise<void> }
  if (typeof mod.main !== 'function') throw new Error(`${file} must export main()`)
  await mod.main()
}
