/**
 * A thread's state, folded event by event (see thread-events.ts): every bot
 * status reply moves the status, developer replies are collected and answer
 * the bot's rebuttals, bystanders' replies are context only. One pure step,
 * `foldThreadEvent`, so the rules of a dispute read in one place.
 */
import type { ReplyKind, ThreadStatus } from './rmcoc.js'
import type { DeveloperReply } from './run-state.js'
import type { FindingAssessment, ThreadEvent } from './thread-events.js'

export interface ThreadFold {
  readonly assessment: FindingAssessment
  readonly developerReplies: readonly DeveloperReply[]
  /** Bystanders' replies. */
  readonly otherComments: readonly DeveloperReply[]
  readonly lastBotStatus: ThreadStatus | undefined
  /** Kind of the last status-bearing bot reply; undefined for a heading without a block. */
  readonly lastBotKind: ReplyKind | undefined
  /** The developer had spoken (this round) before the bot's last status reply. */
  readonly developerBeforeLastBot: boolean
  /** The developer has spoken in this round. */
  readonly developerSeen: boolean
  /** The bot's last word was a rebuttal the developer has not answered yet. */
  readonly rebuttalOpen: boolean
  /** How many of the bot's rebuttals the developer answered back to, this round. */
  readonly rejectedRebuttals: number
  readonly lastWord: 'bot' | 'developer'
}

/** The thread as the bot's finding opens it. */
function opened(assessment: FindingAssessment): ThreadFold {
  return {
    assessment,
    developerReplies: [],
    otherComments: [],
    lastBotStatus: undefined,
    lastBotKind: undefined,
    developerBeforeLastBot: false,
    developerSeen: false,
    rebuttalOpen: false,
    rejectedRebuttals: 0,
    lastWord: 'bot'
  }
}

function afterBotStatus(
  state: ThreadFold,
  status: ThreadStatus,
  kind: ReplyKind | undefined
): ThreadFold {
  return {
    ...state,
    lastBotStatus: status,
    lastBotKind: kind,
    developerBeforeLastBot: state.developerSeen,
    rebuttalOpen: status === 'DISPUTED',
    lastWord: 'bot'
  }
}

function afterDeveloperReply(state: ThreadFold, reply: DeveloperReply): ThreadFold {
  return {
    ...state,
    developerReplies: [...state.developerReplies, reply],
    developerSeen: true,
    lastWord: 'developer',
    // Answering an open rebuttal rejects it.
    rebuttalOpen: false,
    rejectedRebuttals: state.rejectedRebuttals + (state.rebuttalOpen ? 1 : 0)
  }
}

/**
 * One event folded into the thread. The thread starts with the bot's
 * finding: before it (state undefined) nothing else moves anything. A
 * reopening starts a new round: the dispute counters restart, earlier
 * replies stay as history.
 */
export function foldThreadEvent(
  state: ThreadFold | undefined,
  event: ThreadEvent
): ThreadFold | undefined {
  if (event.kind === 'finding') return opened(event.assessment)
  if (state === undefined) return undefined
  switch (event.kind) {
    case 'bot-status':
      return afterBotStatus(state, event.status, event.replyKind)
    case 'reopening':
      return afterBotStatus(
        { ...state, developerSeen: false, rejectedRebuttals: 0 },
        event.status,
        'reopening'
      )
    case 'developer-reply':
      return afterDeveloperReply(state, event.reply)
    case 'bystander-reply':
      return { ...state, otherComments: [...state.otherComments, event.reply] }
  }
}
