/** REST pagination the way GitHub does it: page/per_page and a Link header. */
import { json, type FakeRequest, type FakeResponse } from './router.js'

export function paginate(
  request: FakeRequest,
  items: readonly unknown[],
  options: {
    maxItems?: number
    /** Search-style lists (check runs) answer `{ total_count, [key]: page }` instead of an array. */
    namespace?: string
  } = {}
): FakeResponse {
  const perPage = Math.min(Math.max(Number(request.query.get('per_page') ?? 30) || 30, 1), 100)
  const page = Math.max(Number(request.query.get('page') ?? 1) || 1, 1)
  const all = options.maxItems === undefined ? items : items.slice(0, options.maxItems)
  const lastPage = Math.max(Math.ceil(all.length / perPage), 1)
  const link = (target: number, rel: string): string => {
    const query = new URLSearchParams(request.query)
    query.set('per_page', String(perPage))
    query.set('page', String(target))
    const host = String(request.headers['host'] ?? '127.0.0.1')
    return `<http://${host}${request.path}?${query.toString()}>; rel="${rel}"`
  }
  const links: string[] = []
  if (page < lastPage) links.push(link(page + 1, 'next'), link(lastPage, 'last'))
  if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'))
  const pageItems = all.slice((page - 1) * perPage, page * perPage)
  const body =
    options.namespace === undefined
      ? pageItems
      : { total_count: all.length, [options.namespace]: pageItems }
  return json(200, body, links.length > 0 ? { link: links.join(', ') } : undefined)
}
