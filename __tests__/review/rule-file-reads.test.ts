/**
 * Reading the rule files of rules by path: from the base commit only, the
 * instructions listing driving which instructions files are read, the root
 * AGENTS.md read once, a few reads at a time, unreadable files warned about.
 */
import { describe, expect, it } from '@jest/globals'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import { MAX_RULE_FILES } from '../../src/core/path-rules/rule-files.js'
import type { ReviewLog } from '../../src/ports/agent-session.js'
import {
  pathRulesOf,
  readRuleFiles,
  RULE_READS_AT_ONCE
} from '../../src/review/preparation/rule-file-reads.js'

const BASE = 'b'.repeat(40)
const HEAD = 'h'.repeat(40)

const changed = (path: string): ChangedFile => ({
  path,
  status: 'modified',
  additions: 1,
  deletions: 0
})

/** A repository at two commits; records every read and the most reads in flight. */
function repo(files: Record<string, Record<string, string>>, failing: string[] = []) {
  const reads: string[] = []
  const listings: string[] = []
  let inFlight = 0
  let most = 0
  const gateway = {
    async readFile(path: string, ref: string) {
      reads.push(`${ref}:${path}`)
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setImmediate(resolve))
      inFlight -= 1
      if (failing.includes(path)) throw new Error('GitHub said 500')
      return files[ref]?.[path]
    },
    async listFiles(directory: string, ref: string) {
      listings.push(`${ref}:${directory}`)
      const prefix = directory.endsWith('/') ? directory : `${directory}/`
      return Object.keys(files[ref] ?? {}).filter(
        (path) => path.startsWith(prefix) && !path.slice(prefix.length).includes('/')
      )
    }
  }
  return { gateway, reads, listings, most: () => most }
}

function recordingLog() {
  const lines: string[] = []
  const log: ReviewLog = {
    debug: () => undefined,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    group: (_title, body) => body()
  }
  return { log, lines }
}

describe('readRuleFiles', () => {
  it('reads the candidates for the changed files from the base commit only, the root AGENTS.md not twice', async () => {
    const r = repo({
      [BASE]: {
        'AGENTS.md': 'root',
        'src/db/AGENTS.md': 'base db rules',
        '.github/instructions/sql.instructions.md': '---\napplyTo: "**/*.sql"\n---\nUpper case.',
        '.github/instructions/notes.md': 'not an instructions file'
      },
      [HEAD]: { 'src/db/AGENTS.md': 'head db rules', 'src/db/CLAUDE.md': 'head only' }
    })
    const reads = await readRuleFiles({
      gateway: r.gateway,
      baseSha: BASE,
      files: Promise.resolve([changed('src/db/q.ts')]),
      known: new Map([['AGENTS.md', Promise.resolve('root')]])
    })
    expect(reads.files).toEqual([
      { path: 'AGENTS.md', text: 'root' },
      { path: '.github/instructions/sql.instructions.md', text: expect.stringContaining('Upper') },
      { path: 'src/db/AGENTS.md', text: 'base db rules' }
    ])
    expect(r.listings).toEqual([`${BASE}:.github/instructions/`])
    expect(r.reads.every((read) => read.startsWith(`${BASE}:`))).toBe(true)
    expect(r.reads).not.toContain(`${BASE}:AGENTS.md`)
    expect(r.reads).not.toContain(`${BASE}:.github/instructions/notes.md`)
    expect(r.reads).toContain(`${BASE}:src/CLAUDE.md`)
  })

  it('reads a few files at a time and names the candidates the bound left unread', async () => {
    const many = Array.from({ length: 80 }, (_, index) => changed(`d${index}/f.ts`))
    const r = repo({ [BASE]: {} })
    const reads = await readRuleFiles({
      gateway: r.gateway,
      baseSha: BASE,
      files: Promise.resolve(many),
      known: new Map()
    })
    expect(r.reads).toHaveLength(MAX_RULE_FILES)
    expect(r.most()).toBe(RULE_READS_AT_ONCE)
    expect(reads.leftOut.length).toBeGreaterThan(0)
    expect(reads.files).toEqual([])
  })

  it('leaves an unreadable file out with a warning naming it', async () => {
    const r = repo({ [BASE]: { 'src/AGENTS.md': 'src rules' } }, ['CLAUDE.md'])
    const reads = await readRuleFiles({
      gateway: r.gateway,
      baseSha: BASE,
      files: Promise.resolve([changed('src/a.ts')]),
      known: new Map()
    })
    expect(reads.files).toEqual([{ path: 'src/AGENTS.md', text: 'src rules' }])
    expect(reads.warnings).toEqual(['CLAUDE.md skipped: it could not be read: GitHub said 500'])
  })
})

describe('pathRulesOf', () => {
  it('makes rules of the files and the config entries, and logs every skipped file as a warning naming it', () => {
    const { log, lines } = recordingLog()
    const rules = pathRulesOf(
      {
        files: [
          { path: 'src/db/AGENTS.md', text: 'Reversible migrations.' },
          { path: '.github/instructions/bad.instructions.md', text: '---\napplyTo: [\n---\nx' }
        ],
        leftOut: [],
        warnings: ['CLAUDE.md skipped: it could not be read: GitHub said 500']
      },
      [{ path: 'src/db/**', instructions: 'No raw SQL.' }],
      log
    )
    expect(rules.map((rule) => rule.source)).toEqual(['src/db/AGENTS.md', 'path_instructions[0]'])
    const warnings = lines.filter((line) => line.startsWith('warning: '))
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain('CLAUDE.md skipped')
    expect(warnings[1]).toContain('.github/instructions/bad.instructions.md')
  })
})
