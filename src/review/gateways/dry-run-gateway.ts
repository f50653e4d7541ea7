/**
 * The gateway of a dry run (`dry_run: true`): every read goes to GitHub, no
 * write does. Each write is recorded (kind, where, body) for the job summary
 * and answered with a plausible result so the run goes on exactly as it
 * would: comments land on their line, threads resolve, check runs are made.
 * Made-up ids are negative and node ids start with "DRY_RUN_", so nothing
 * can mistake them for ones GitHub gave.
 */
import type { CheckRunAnnotation } from '../../core/reports/check-annotations.js'
import type { WouldBeWrite } from '../../core/reports/run-report.js'
import type {
  CheckRunCompletion,
  CheckRunInput,
  CheckRunResult,
  CheckRunStart,
  CheckRunUpdate,
  CommentPlacement,
  LineComment,
  PostedComment,
  ReactionResult,
  ResolveResult,
  ReviewGateway,
  ReviewPostResult,
  TriggerComment
} from '../../ports/review-gateway.js'

function lineTarget(comment: LineComment): string {
  return `${comment.path}:${comment.line} (${comment.side ?? 'RIGHT'})`
}

function annotationLines(annotations: readonly CheckRunAnnotation[] | undefined): string[] {
  return (annotations ?? []).map(
    (a) => `${a.path}:${a.start_line} [${a.annotation_level}] ${a.title}: ${a.message}`
  )
}

function checkRunBody(
  output: { title: string; summary: string; text?: string },
  extra: string[]
): string {
  return [output.title, output.summary, output.text ?? '', ...extra]
    .filter((part) => part !== '')
    .join('\n\n')
}

export class DryRunGateway implements ReviewGateway {
  /** Every write this run would have made, in order. */
  readonly writes: WouldBeWrite[] = []
  private lastId = 0

  constructor(
    private readonly inner: ReviewGateway,
    private readonly log: (message: string) => void = () => undefined
  ) {}

  get pullRequest() {
    return this.inner.pullRequest
  }

  getPullRequest = () => this.inner.getPullRequest()
  listChangedFiles = () => this.inner.listChangedFiles()
  compareFiles = (base: string, head: string) => this.inner.compareFiles(base, head)
  readFile = (path: string, ref: string) => this.inner.readFile(path, ref)
  listFiles = (directory: string, ref: string) => this.inner.listFiles(directory, ref)
  listCommits = () => this.inner.listCommits()
  listCheckRuns = (sha: string, name: string) => this.inner.listCheckRuns(sha, name)
  listReviewThreads = () => this.inner.listReviewThreads()
  listIssueComments = () => this.inner.listIssueComments()

  private record(kind: string, target: string, body: string): void {
    this.writes.push({ kind, target, body })
    this.log(`dry run: not written: ${kind} on ${target}`)
  }

  private nextId(): number {
    this.lastId += 1
    return -this.lastId
  }

  private fakeComment(id = this.nextId()): PostedComment {
    const { owner, repo, number } = this.inner.pullRequest
    return {
      id,
      nodeId: `DRY_RUN_${-id}`,
      url: `https://github.com/${owner}/${repo}/pull/${number}#dry-run-${-id}`
    }
  }

  private get prTarget(): string {
    return `pull request #${this.inner.pullRequest.number}`
  }

  async postLineComment(_commitId: string, comment: LineComment): Promise<CommentPlacement> {
    this.record('review comment', lineTarget(comment), comment.body)
    return { placed: 'line', comment: this.fakeComment() }
  }

  async postFileComment(_commitId: string, path: string, body: string): Promise<CommentPlacement> {
    this.record('file comment', path, body)
    return { placed: 'file', comment: this.fakeComment(), reason: `${path}: file-level comment` }
  }

  async postReview(
    commitId: string,
    comments: readonly LineComment[],
    body?: string
  ): Promise<ReviewPostResult> {
    if (body !== undefined) this.record('review', `commit ${commitId.slice(0, 12)}`, body)
    for (const comment of comments) this.record('review comment', lineTarget(comment), comment.body)
    return {
      reviewId: this.nextId(),
      fallbackReason: undefined,
      placements: comments.map(() => ({ placed: 'line', comment: this.fakeComment() }))
    }
  }

  async replyToThread(commentId: number, body: string): Promise<PostedComment> {
    this.record('reply', `thread of comment ${commentId}`, body)
    return this.fakeComment()
  }

  async resolveThread(
    threadId: string,
    _fallbackReply?: { readonly commentId: number; readonly body: string }
  ): Promise<ResolveResult> {
    // The fallback reply is only posted when resolving is refused, which a dry run never is.
    this.record('resolve thread', `thread ${threadId}`, '')
    return { kind: 'resolved' }
  }

  async unresolveThread(threadId: string): Promise<ResolveResult> {
    this.record('reopen thread', `thread ${threadId}`, '')
    return { kind: 'resolved' }
  }

  async createCheckRun(input: CheckRunInput): Promise<CheckRunResult> {
    const body = checkRunBody(input, [
      `conclusion: ${input.conclusion}`,
      ...annotationLines(input.annotations)
    ])
    this.record('check run', `${input.name} on ${input.headSha.slice(0, 12)}`, body)
    return { kind: 'created', id: this.nextId(), url: this.fakeComment().url }
  }

  async startCheckRun(input: CheckRunStart): Promise<CheckRunResult> {
    const body = checkRunBody(input, ['status: in_progress', `details: ${input.detailsUrl}`])
    this.record('check run start', `${input.name} on ${input.headSha.slice(0, 12)}`, body)
    return { kind: 'created', id: this.nextId(), url: this.fakeComment().url }
  }

  async completeCheckRun(checkRunId: number, input: CheckRunCompletion): Promise<CheckRunUpdate> {
    const body = checkRunBody(input, [
      `conclusion: ${input.conclusion}`,
      ...annotationLines(input.annotations)
    ])
    this.record('check run completion', `check run ${checkRunId}`, body)
    return {
      kind: 'updated',
      id: checkRunId,
      url: this.fakeComment().url,
      annotationsSent: input.annotations?.length ?? 0
    }
  }

  async postIssueComment(body: string): Promise<PostedComment> {
    this.record('conversation comment', this.prTarget, body)
    return this.fakeComment()
  }

  async updateIssueComment(commentId: number, body: string): Promise<PostedComment> {
    this.record('conversation comment edit', `comment ${commentId} on ${this.prTarget}`, body)
    return this.fakeComment(commentId)
  }

  async addEyesReaction(comment: TriggerComment): Promise<ReactionResult> {
    const where = comment.kind === 'issue' ? 'conversation comment' : 'review comment'
    this.record('reaction', `${where} ${comment.id}`, '👀')
    return { kind: 'added' }
  }
}
