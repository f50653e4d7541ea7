/**
 * Longest files first, so that the last file to start is a short one and
 * neither worker waits alone at the end of the run. A file's length is its
 * duration in jest's cache from an earlier run; a file without one is
 * estimated: a file that starts the real opencode binary (seconds per
 * sidecar) or runs the differential test's generated cases (a minute or
 * more) before any that does not, those by size.
 */
import { readFileSync } from 'node:fs'
import Sequencer from '@jest/test-sequencer'

const BaseSequencer = Sequencer.default ?? Sequencer

/** What a test file calls when it starts a real opencode sidecar. */
const STARTS_OPENCODE =
  /\b(startScenario|startHistoryScenario|startTestSidecar|startSessionHarness|OPENCODE_BIN|OPENCODE_BINARY|reviewArgs)\b/

/** What a test file calls when it runs the differential test's generated cases. */
const RUNS_GENERATED_CASES = /\brunGenerated\(/

/** Milliseconds: more than any file that does not start opencode has taken. */
const OPENCODE_FILE_ESTIMATE = 1_000_000

function estimateMs(path) {
  const text = readFileSync(path, 'utf8')
  const bySize = text.length / 10
  const long = STARTS_OPENCODE.test(text) || RUNS_GENERATED_CASES.test(text)
  return long ? OPENCODE_FILE_ESTIMATE + bySize : bySize
}

export default class SlowFirstSequencer extends BaseSequencer {
  sort(tests) {
    const lengths = new Map(tests.map((test) => [test, this.time(test) ?? estimateMs(test.path)]))
    return [...tests].sort((a, b) => lengths.get(b) - lengths.get(a))
  }
}
