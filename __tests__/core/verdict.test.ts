import { describe, expect, it } from '@jest/globals'
import type { PullRequestReviewData } from '../../src/core/pull-request/pr-data.js'
import {
  decideVerdict,
  humanChangeRequesters,
  type Verdict
} from '../../src/core/findings/verdict.js'

function review(
  login: string,
  state: string,
  submittedAt: string | null,
  authorAssociation = 'MEMBER',
  isBot = false
): PullRequestReviewData {
  return { author: { login, isBot }, state, authorAssociation, submittedAt }
}

const T1 = '2024-05-01T10:00:00Z'
const T2 = '2024-05-02T10:00:00Z'

describe('decideVerdict', () => {
  const cases: readonly [string, readonly PullRequestReviewData[], readonly number[], Verdict][] = [
    ['nothing posted, no reviews', [], [], 'approve'],
    ['only low scores posted (threshold below 5)', [], [3, 4], 'approve'],
    ['a 5 posted', [], [5], 'request_changes'],
    ['an 8 posted', [], [8, 2], 'request_changes'],
    ['a 9 posted', [], [9], 'needs_major_work'],
    ['a 10 among others', [], [6, 10, 3], 'needs_major_work'],
    ['MEMBER requested changes', [review('alice', 'CHANGES_REQUESTED', T1)], [], 'request_changes'],
    [
      'OWNER requested changes',
      [review('alice', 'CHANGES_REQUESTED', T1, 'OWNER')],
      [],
      'request_changes'
    ],
    [
      'COLLABORATOR requested changes',
      [review('alice', 'CHANGES_REQUESTED', T1, 'COLLABORATOR')],
      [],
      'request_changes'
    ],
    [
      'CONTRIBUTOR requested changes (no authority)',
      [review('eve', 'CHANGES_REQUESTED', T1, 'CONTRIBUTOR')],
      [],
      'approve'
    ],
    [
      'a bot requested changes',
      [review('other-bot[bot]', 'CHANGES_REQUESTED', T1, 'MEMBER', true)],
      [],
      'approve'
    ],
    [
      'requested changes, then approved',
      [review('alice', 'CHANGES_REQUESTED', T1), review('alice', 'APPROVED', T2)],
      [],
      'approve'
    ],
    [
      'approved, then requested changes (API order reversed)',
      [review('alice', 'CHANGES_REQUESTED', T2), review('alice', 'APPROVED', T1)],
      [],
      'request_changes'
    ],
    [
      'requested changes, then only commented: still standing',
      [review('alice', 'CHANGES_REQUESTED', T1), review('alice', 'COMMENTED', T2)],
      [],
      'request_changes'
    ],
    [
      'requested changes, then dismissed',
      [review('alice', 'CHANGES_REQUESTED', T1), review('alice', 'DISMISSED', T2)],
      [],
      'approve'
    ],
    [
      'pending (unsubmitted) change request',
      [review('alice', 'CHANGES_REQUESTED', null)],
      [],
      'approve'
    ],
    [
      'human change request and a 9: the human change request decides first',
      [review('alice', 'CHANGES_REQUESTED', T1)],
      [9],
      'request_changes'
    ]
  ]

  it.each(cases)('%s', (_name, reviews, postedScores, expected) => {
    expect(decideVerdict({ reviews, postedScores }).verdict).toBe(expected)
  })

  it('treats REST and GraphQL spellings of a login as the same reviewer', () => {
    const reviews = [review('Alice', 'CHANGES_REQUESTED', T1), review('alice', 'APPROVED', T2)]
    expect(decideVerdict({ reviews, postedScores: [] }).verdict).toBe('approve')
  })

  it('gives the reasons that fired, most severe first', () => {
    const decision = decideVerdict({
      reviews: [review('alice', 'CHANGES_REQUESTED', T1, 'OWNER')],
      postedScores: [10, 6, 7]
    })
    expect(decision.reasons).toEqual([
      '1 posted finding scored 9-10 (highest 10)',
      'changes requested by alice (OWNER)',
      '2 posted findings scored 5-8 (highest 7)'
    ])
  })
})

describe('humanChangeRequesters', () => {
  it('names each authoritative human once, by their latest standing review', () => {
    const reviews = [
      review('alice', 'CHANGES_REQUESTED', T1),
      review('alice', 'CHANGES_REQUESTED', T2),
      review('bob', 'CHANGES_REQUESTED', T1, 'COLLABORATOR'),
      review('carol', 'APPROVED', T1)
    ]
    expect(humanChangeRequesters(reviews)).toEqual(['alice (MEMBER)', 'bob (COLLABORATOR)'])
  })
})
