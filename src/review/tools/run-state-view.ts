/**
 * The run state as the model receives it from `github_get_run_state`: the
 * replies of developers and other people are neutralized like every other
 * text from the PR (HTML comments, invisible characters and undisplayed
 * markup removed), so what the model reads is what a reviewer sees.
 */
import type { DeveloperReply, RunState } from '../../core/memory/run-state.js'
import { neutralizeUntrusted } from '../../core/text-safety/untrusted-text.js'

const visible = (reply: DeveloperReply): DeveloperReply => ({
  ...reply,
  body: neutralizeUntrusted(reply.body, 'prose')
})

export function neutralizeReplies(state: RunState): RunState {
  return {
    ...state,
    threads: state.threads.map((thread) => ({
      ...thread,
      developer_replies: thread.developer_replies.map(visible),
      ...(thread.other_comments === undefined
        ? {}
        : { other_comments: thread.other_comments.map(visible) })
    }))
  }
}
