// ESM TypeScript under jest: ts-jest compiles each file, Node's VM modules
// load them (see the "test" script for --experimental-vm-modules).
import { availableParallelism } from 'node:os'

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  testMatch: ['**/__tests__/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { useESM: true, tsconfig: 'tsconfig.json', diagnostics: { ignoreCodes: [151002] } }
    ]
  },
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  // Real opencode processes take seconds to start; tests that use them set
  // their own, longer timeouts.
  testTimeout: 30000,
  // Three workers per two cores: while a file waits on its opencode sidecar
  // (start-up, a turn) its worker's core would idle. (Jest reads a
  // percentage over 100% as a worker count, hence the arithmetic.) Longest
  // files first (see the sequencer), so the run ends on short ones.
  maxWorkers: Math.max(1, Math.round(availableParallelism() * 1.5)),
  testSequencer: '<rootDir>/__tests__/support/slow-first-sequencer.mjs',
  verbose: false
}
