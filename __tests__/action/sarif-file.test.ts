import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sarifFilePath, writeSarifFile } from '../../src/action/sarif-file.js'
import { sarifSchemaErrors } from '../support/sarif-schema.js'

it('goes to RUNNER_TEMP, named after the run; the system temp directory outside a runner', () => {
  expect(sarifFilePath('/runner/_temp', '4242')).toBe(
    join('/runner/_temp', 'review-my-code-bot-4242.sarif')
  )
  expect(sarifFilePath(undefined, '4242')).toBe(join(tmpdir(), 'review-my-code-bot-4242.sarif'))
  expect(sarifFilePath('', '4242')).toBe(join(tmpdir(), 'review-my-code-bot-4242.sarif'))
  // A run id that is not a number never becomes part of a path.
  expect(sarifFilePath('/t', '../../etc')).toBe(join('/t', 'review-my-code-bot.sarif'))
})

it('writes a valid log whose driver links to the action repository when it is known', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sarif-file-'))
  try {
    const path = await writeSarifFile({
      findings: [
        { fingerprint: 'F1@7', file: 'src/a.ts', line: 3, score: 8, finding: 'Off by one' }
      ],
      secrets: [],
      runnerTemp: dir,
      runId: '7',
      serverUrl: 'https://github.example.com',
      actionRepository: 'your-org/opencode-pr-reviewer'
    })
    expect(path).toBe(join(dir, 'review-my-code-bot-7.sarif'))
    const log = JSON.parse(await readFile(path, 'utf8'))
    expect(sarifSchemaErrors(log)).toEqual([])
    expect(log.runs[0].tool.driver.informationUri).toBe(
      'https://github.example.com/your-org/opencode-pr-reviewer'
    )
    expect(log.runs[0].results.map((r: { level: string }) => r.level)).toEqual(['warning'])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
