/** What the rmcoc block tests share: a head SHA and a summary's counts. */
export const SHA = 'a'.repeat(40)
export const counts = {
  posted: 3,
  suppressed: 1,
  resolved: 2,
  pending: 1,
  disputed: 0,
  escalated: 0
}
