/**
 * A finding's category as team memory compares and counts it. A finding
 * without one is "uncategorized", so a learning taught on such a finding
 * still meets the next one like it.
 */

export const UNCATEGORIZED = 'uncategorized'

/** The category trimmed, or UNCATEGORIZED when absent or blank. */
export function categoryOf(category: string | undefined): string {
  const trimmed = category?.trim() ?? ''
  return trimmed === '' ? UNCATEGORIZED : trimmed.slice(0, 40)
}

/** Two categories name the same rule family when equal ignoring case. */
export function sameCategory(a: string | undefined, b: string | undefined): boolean {
  return categoryOf(a).toLowerCase() === categoryOf(b).toLowerCase()
}

/**
 * The category as outcomes count it: lower-case, every run of other
 * characters a "-", at most 40 characters ("Error handling" → "error-handling").
 * Safe in a markdown table and a JSON key as it stands.
 */
export function categorySlug(category: string | undefined): string {
  const slug = categoryOf(category)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '')
  return slug === '' ? UNCATEGORIZED : slug
}
