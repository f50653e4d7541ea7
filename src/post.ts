/**
 * The action's `post:` step. It runs even when the main step was cancelled or
 * killed, and stops an opencode sidecar the main step could not stop.
 */
import * as core from '@actions/core'
import { getErrorMessage } from './core/errors/error-message.js'
import { stopLeftoverSidecar } from './opencode/leftover.js'

try {
  await stopLeftoverSidecar()
} catch (error) {
  // Never fail the job from clean-up; say what happened instead.
  core.warning(`Post step: ${getErrorMessage(error)}`)
}
