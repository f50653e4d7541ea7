/**
 * The action's `post:` step. It runs even when the main step was cancelled or
 * killed, and stops an opencode sidecar the main step could not stop.
 */
import * as core from '@actions/core'
import { stopLeftoverSidecar } from './opencode/leftover.js'

try {
  await stopLeftoverSidecar()
} catch (error) {
  // Never fail the job from clean-up; say what happened instead.
  core.warning(`Post step: ${error instanceof Error ? error.message : String(error)}`)
}
