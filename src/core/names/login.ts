/**
 * One comparable form for a login: REST says `github-actions[bot]`, GraphQL
 * says `github-actions` for the same App (and marks it a bot only by `__typename: "Bot"`).
 */
export function normalizeLogin(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '')
}
