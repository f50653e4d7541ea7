/**
 * Rules by path in the pass-3 prompt: the rules governing the files under
 * review, fenced as data, nearest first; a sentence when none govern them.
 */
import { describe, expect, it } from '@jest/globals'
import { ignoreMatcher } from '../../src/config/ignore-globs.js'
import type { Config } from '../../src/config/action-config.js'
import { assessSensitivity } from '../../src/core/findings/sensitivity.js'
import { collectPathRules } from '../../src/core/path-rules/path-rules.js'
import { PATH_RULES_NONE } from '../../src/core/path-rules/rules-section.js'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import {
  filesUnderReview,
  passPromptFor,
  type PassPromptInput
} from '../../src/review/prompts/pass-prompts.js'
import { buildPass3Prompt } from '../../src/review/prompts/prompts.js'
import type { ReviewContext } from '../../src/review/preparation/review-context.js'
import type { ReviewScope } from '../../src/review/scope/change-since.js'

const FULL: ReviewScope = { kind: 'full', reason: 'first review' }
const sensitivity = assessSensitivity({})

const changed = (path: string): ChangedFile => ({
  path,
  status: 'modified',
  additions: 1,
  deletions: 0,
  patch: '@@ -1 +1 @@\n-a\n+b'
})

const { rules } = collectPathRules(
  [
    { path: 'AGENTS.md', text: 'Root rules, shown in their own section.' },
    { path: 'src/db/AGENTS.md', text: 'Every migration is reversible.' },
    { path: 'src/db/tx/CLAUDE.md', text: 'Transactions never span requests.' },
    { path: 'web/AGENTS.md', text: 'Components stay pure.' }
  ],
  [{ path: '**/*.sql', instructions: 'SQL keywords in upper case.' }]
)

function input(files: readonly string[], scope: ReviewScope, ignore: string[] = []) {
  const context = {
    pr: { number: 1, title: 't', body: '', headRef: 'h', baseRef: 'b', headSha: 'h' },
    files: files.map(changed),
    agentsMd: 'Root rules, shown in their own section.'
  } as unknown as ReviewContext
  return {
    context,
    scope,
    sensitivity,
    config: { reviewInstructions: '' } as unknown as Config,
    tools: { passResults: new Map() },
    ignored: ignoreMatcher(ignore),
    pathRules: rules
  } as unknown as PassPromptInput
}

describe('filesUnderReview', () => {
  it('is every PR file in a full review, minus the ignored ones', () => {
    const files = ['src/db/a.ts', 'web/b.tsx', 'docs/c.md']
    expect(filesUnderReview(input(files, FULL, ['docs/**']))).toEqual(['src/db/a.ts', 'web/b.tsx'])
  })

  it('is what pass 1 reviews in an incremental review, without the files the PR no longer changes', () => {
    const scope: ReviewScope = {
      kind: 'incremental',
      from: 'a',
      to: 'b',
      files: [
        { path: 'web/b.tsx', status: 'changed' },
        { path: 'src/db/gone.ts', status: 'dropped' }
      ],
      unchanged: ['src/db/a.ts']
    }
    expect(filesUnderReview(input(['src/db/a.ts', 'web/b.tsx'], scope))).toEqual(['web/b.tsx'])
  })
})

describe('the pass-3 prompt', () => {
  it('shows the rules governing the files under review, nearest first, and no others', () => {
    const prompt = passPromptFor(input(['src/db/tx/run.ts', 'src/db/m.sql'], FULL))(3)
    const section = prompt.slice(prompt.indexOf('## Rules by path'))
    expect(section).toContain('Transactions never span requests.')
    expect(section).toContain('Every migration is reversible.')
    expect(section).toContain('SQL keywords in upper case.')
    expect(section.indexOf('Transactions never')).toBeLessThan(section.indexOf('Every migration'))
    expect(section).not.toContain('Components stay pure.')
    expect(section.slice(0, section.indexOf('## Review instructions'))).not.toContain('Root rules')
  })

  it('says so when no rule governs the files under review', () => {
    const prompt = passPromptFor(input(['README.md'], FULL))(3)
    expect(prompt).toMatch(/## Rules by path\n\nNone: no nested AGENTS\.md/)
  })

  it('says "None" when no section is given', () => {
    const prompt = buildPass3Prompt({
      sensitivity,
      agentsMd: null,
      earlierSummaries: [],
      scope: FULL
    })
    expect(prompt).toContain(`## Rules by path\n\n${PATH_RULES_NONE}:`)
  })
})
