// The map for newcomers stays true: AGENTS.md names every folder of src/ and
// only files that exist, and every folder carries a short README.md saying
// what it owns.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const agents = readFileSync(join(REPO, 'AGENTS.md'), 'utf8')

/** src/ and every directory under it but hidden ones, as 'src', 'src/core', 'src/core/findings', ... */
function sourceFolders(dir = join(REPO, 'src')): string[] {
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => sourceFolders(join(dir, entry.name)))
  return [relative(REPO, dir), ...below]
}

describe('the folder map', () => {
  const folders = sourceFolders()

  it('walks the whole tree', () => {
    expect(folders).toEqual(expect.arrayContaining(['src', 'src/core/findings', 'src/review/run']))
  })

  it('names every folder of src/ in AGENTS.md', () => {
    const unnamed = folders.filter(
      (folder) => folder !== 'src' && !agents.includes(`\`${folder}/\``)
    )
    expect(unnamed).toEqual([])
  })

  it('names only src/ paths that exist', () => {
    const named = [...agents.matchAll(/`(src\/[^`*\s]+)`/g)].map((match) => match[1] ?? '')
    expect(named.length).toBeGreaterThan(30)
    expect(named.filter((path) => !existsSync(join(REPO, path)))).toEqual([])
  })

  it('gives every folder a README.md of 2-5 lines', () => {
    const wrong = folders.flatMap((folder) => {
      const path = join(REPO, folder, 'README.md')
      if (!existsSync(path)) return [`${folder}: no README.md`]
      const lines = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
      return lines.length >= 2 && lines.length <= 5 ? [] : [`${folder}: ${lines.length} lines`]
    })
    expect(wrong).toEqual([])
  })
})
