/**
 * The one prompt after the passes when settled threads may teach the team's
 * memory: each candidate thread with its finding and the developers' reasons,
 * fenced as data (people on the PR wrote them).
 */
import type { LearningCandidate } from '../../core/team-memory/learning-candidates.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import { fillTemplate } from './prompt-template.js'
import { PROMPT_TEXTS } from './prompt-texts.generated.js'
import { PROMPT_TOOL_NAMES } from './prompts.js'

const HOW: Record<LearningCandidate['via'], string> = {
  concession: 'you conceded after their reason',
  'developers-call': 'settled as the developer’s call after their reason',
  dismissed: 'dismissed with a reason',
  reaction: 'a collaborator with write access gave the finding a thumbs-down'
}

function candidateText(candidate: LearningCandidate): string {
  const where = candidate.line === null ? candidate.file : `${candidate.file}:${candidate.line}`
  const exchange = candidate.exchange.map((reply) => `${reply.author}: ${reply.body}`)
  const text = [
    `finding: ${candidate.finding}`,
    `assessment: ${candidate.assessment}`,
    ...(exchange.length === 0 ? [] : ['developers’ replies:', ...exchange])
  ].join('\n')
  return [
    `### Thread ${candidate.thread}`,
    `${where}, category ${candidate.category}, score ${candidate.score}; taught by ${candidate.taughtBy}: ${HOW[candidate.via]}.`,
    fenceUntrusted({ label: `Thread ${candidate.thread}`, text, kind: 'prose' })
  ].join('\n\n')
}

export function buildLearningsPrompt(candidates: readonly LearningCandidate[]): string {
  return fillTemplate(
    'learnings',
    PROMPT_TEXTS.learnings,
    { candidates: candidates.map(candidateText).join('\n\n') },
    PROMPT_TOOL_NAMES
  ).trim()
}
