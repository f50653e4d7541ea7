/** GET compare: the files changed between two commits, 404 for an unknown pair. */
import { fileJson } from './rest-json.js'
import { json, notFound, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

export function registerCompareRoutes(router: Router, state: FakeGitHubState): void {
  router.route('GET', '/repos/:owner/:repo/compare/:basehead', ({ params }) => {
    const { owner = '', repo = '', basehead = '' } = params
    const files = state.comparison(owner, repo, basehead)
    if (files === undefined) return notFound()
    const [base = '', head = ''] = basehead.split('...')
    return json(200, {
      status: 'ahead',
      base_commit: { sha: base },
      merge_base_commit: { sha: base },
      commits: [{ sha: head }],
      files: files.map(fileJson)
    })
  })
}
