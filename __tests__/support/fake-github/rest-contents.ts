/**
 * GET contents: a file at a ref, base64 as GitHub sends it; a directory as
 * the list of its entries one level deep (files, and "dir" entries for the
 * folders below it); 404 when missing.
 */
import { json, notFound, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

export function registerContentRoutes(router: Router, state: FakeGitHubState): void {
  router.route('GET', '/repos/:owner/:repo/contents/*path', (request) => {
    const { owner = '', repo = '', path = '' } = request.params
    const ref = request.query.get('ref') ?? 'main'
    const files = state.fileContent(owner, repo, ref)
    const text = files?.get(path)
    if (text !== undefined) {
      // GitHub wraps the base64 text at 60 columns.
      const content = (
        Buffer.from(text, 'utf8')
          .toString('base64')
          .match(/.{1,60}/g) ?? []
      ).join('\n')
      return json(200, {
        type: 'file',
        encoding: 'base64',
        name: path.split('/').pop(),
        path,
        size: Buffer.byteLength(text),
        sha: '0'.repeat(40),
        content
      })
    }
    const prefix = `${path.replace(/\/+$/, '')}/`
    const below = [...(files?.keys() ?? [])].filter((name) => name.startsWith(prefix))
    if (below.length === 0) return notFound()
    const entries = new Map<string, 'file' | 'dir'>()
    for (const name of below) {
      const rest = name.slice(prefix.length)
      const slash = rest.indexOf('/')
      if (slash === -1) entries.set(rest, 'file')
      else entries.set(rest.slice(0, slash), 'dir')
    }
    return json(
      200,
      [...entries].map(([name, type]) => ({ type, name, path: `${prefix}${name}` }))
    )
  })
}
