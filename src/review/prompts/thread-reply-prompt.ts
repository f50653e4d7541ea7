/** The prompt of a threads-only run: answer the one thread a developer replied in. */
import type { ThreadState } from '../../core/memory/run-state.js'
import { renderThreads } from './prompt-sections.js'
import { fillTemplate } from './prompt-template.js'
import { PROMPT_TEXTS } from './prompt-texts.generated.js'
import { PROMPT_TOOL_NAMES } from './prompts.js'

export function buildThreadReplyPrompt(thread: ThreadState): string {
  return fillTemplate(
    'thread-reply',
    PROMPT_TEXTS['thread-reply'],
    { thread: renderThreads([thread]) },
    PROMPT_TOOL_NAMES
  ).trim()
}

/** Sent once when the agent's turn ended without answering the thread. */
export function buildThreadReplyNudge(thread: ThreadState): string {
  return fillTemplate(
    'nudge-thread-reply',
    PROMPT_TEXTS['nudge-thread-reply'],
    { thread_id: thread.id },
    PROMPT_TOOL_NAMES
  ).trim()
}
