/** GET contents: a file at a ref, base64 as GitHub sends it; 404 when missing. */
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
    const prefix = `${path}/`
    const entries = [...(files?.keys() ?? [])].filter((name) => name.startsWith(prefix))
    if (entries.length === 0) return notFound()
    return json(
      200,
      entries.map((name) => ({ type: 'file', name: name.slice(prefix.length), path: name }))
    )
  })
}
