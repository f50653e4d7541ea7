/**
 * One comparable form for a login: REST says `github-actions[bot]`, GraphQL
 * says `github-actions` for the same App (see GITHUB-FACTS.md).
 */
export function normalizeLogin(login: string): string {
  return login
    .trim()
    .toLowerCase()
    .replace(/\[bot\]$/, '')
}
