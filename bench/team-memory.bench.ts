/**
 * What team memory adds to a review: GitHub requests and prompt bytes. The
 * same pull request is reviewed twice through the action's run() against the
 * fake GitHub, its agent played (no sidecar: the agent's cost is not what is
 * measured), once with `team_memory: false` and once with a memory issue
 * holding LEARNINGS learnings (every one in the PR's scope) and an outcomes
 * comment. Target: one paginated read of the memory issue per run (its
 * lookup, then ceil(comments / 100) pages), and no write when nothing settled.
 */
import { formatBotComment, type LearningBlock } from '../src/core/memory/rmcoc.js'
import { MEMORY_ISSUE_TITLE, memoryIssueBody } from '../src/core/names/memory-issue-marker.js'
import { addedFile, OWNER, pass, REPO, startScenario, tool } from '../__tests__/e2e/harness.js'

const LEARNINGS = 150
const PAGE = 100
const BOT = 'github-actions[bot]'

const file = addedFile(
  'src/orders.ts',
  Array.from({ length: 40 }, (_, i) => `export const line${i + 1} = ${i + 1}`)
)

function learning(index: number): LearningBlock {
  const hex = index.toString(16).padStart(10, '0')
  return {
    kind: 'learning',
    id: `L-${hex}`,
    rule: `Order helper ${index} may return a rounded total; the team accepts cents lost below one unit.`,
    scope: { path: 'src/**', category: 'correctness' },
    finding: `Order helper ${index} rounds the total`,
    source: { pr: 1000 + index, thread: `PRRT_${hex}` },
    taught_by: 'alice',
    via: 'concession',
    created_at: '2026-11-01T00:00:00.000Z'
  }
}

interface Measured {
  readonly requests: number
  readonly byRoute: Map<string, number>
  readonly promptBytes: number
}

async function review(teamMemory: boolean): Promise<Measured> {
  const scenario = await startScenario([file])
  try {
    if (teamMemory) {
      const issue = scenario.github.state.issues.add(OWNER, REPO, {
        title: MEMORY_ISSUE_TITLE,
        body: memoryIssueBody(),
        author: BOT
      })
      for (let index = 0; index < LEARNINGS; index += 1) {
        const block = learning(index)
        const body = formatBotComment(`Team learning ${block.id}.`, block)
        scenario.github.state.addIssueComment(issue, { author: BOT, body })
      }
    }
    scenario.model.enqueue(
      ...pass(1, [tool.post('src/orders.ts', 10, 7, 'Order total overflows for large carts')]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const before = scenario.github.requests.length
    const result = await scenario.run({
      played: true,
      inputs: { team_memory: String(teamMemory), confirm_min_score: 'off' }
    })
    if (result.failed) throw new Error(`bench: the review failed:\n${result.stdout}`)
    const requests = scenario.github.requests.slice(before)
    const byRoute = new Map<string, number>()
    for (const request of requests) {
      const route = request.route ?? `${request.method} (no route)`
      byRoute.set(route, (byRoute.get(route) ?? 0) + 1)
    }
    const promptBytes = scenario.model.playedPrompts.reduce(
      (sum, text) => sum + Buffer.byteLength(text),
      0
    )
    return { requests: requests.length, byRoute, promptBytes }
  } finally {
    await scenario.stop()
  }
}

function added(off: Measured, on: Measured): string[] {
  return [...on.byRoute]
    .map(([route, count]) => [route, count - (off.byRoute.get(route) ?? 0)] as const)
    .filter(([, extra]) => extra !== 0)
    .map(([route, extra]) => `  ${extra > 0 ? '+' : ''}${extra} ${route}`)
}

export async function main(): Promise<void> {
  const off = await review(false)
  const on = await review(true)
  const pages = Math.ceil(LEARNINGS / PAGE)
  console.log(`GitHub requests:   ${off.requests} without team memory, ${on.requests} with it`)
  console.log(`added by memory (${LEARNINGS} learnings in the issue):`)
  for (const line of added(off, on)) console.log(line)
  const commentReads = on.byRoute.get('GET /repos/:owner/:repo/issues/:number/comments') ?? 0
  const offReads = off.byRoute.get('GET /repos/:owner/:repo/issues/:number/comments') ?? 0
  console.log(
    `memory issue comment pages read: ${commentReads - offReads} (target ${pages} = ceil(${LEARNINGS}/${PAGE}): one paginated read)`
  )
  const extra = on.promptBytes - off.promptBytes
  console.log(
    `prompt bytes:      ${off.promptBytes} without, ${on.promptBytes} with (+${extra}, ratio ${(on.promptBytes / off.promptBytes).toFixed(2)}; the learnings section has a byte budget)`
  )
}
