/**
 * The gateway with signed state (a `state_key` is set): every body the bot
 * writes has its rmcoc block signed, and every comment or check run read back
 * has an unsigned or mis-signed block disarmed before the state is rebuilt.
 * Everything else passes through unchanged.
 */
import type {
  CheckRunData,
  IssueCommentData,
  ReviewThreadData
} from '../../core/pull-request/pr-data.js'
import { signBody, verifyBody, type SignatureScope } from '../../core/memory/state-signature.js'
import type {
  CheckRunCompletion,
  CheckRunInput,
  CheckRunStart,
  LineComment,
  ReviewGateway,
  TriggerComment
} from '../../ports/review-gateway.js'

export class SignedGateway implements ReviewGateway {
  /** Bot-looking blocks that were not validly signed, since this gateway was made. */
  rejectedBlocks = 0
  private readonly scope: SignatureScope

  constructor(
    private readonly inner: ReviewGateway,
    private readonly key: string
  ) {
    const pr = inner.pullRequest
    this.scope = { owner: pr.owner, repo: pr.repo, number: pr.number }
  }

  get pullRequest() {
    return this.inner.pullRequest
  }

  private sign(body: string): string {
    return signBody(body, this.key, this.scope)
  }

  private verify(body: string): string {
    const checked = verifyBody(body, this.key, this.scope)
    if (checked.check === 'unsigned' || checked.check === 'invalid') this.rejectedBlocks += 1
    return checked.body
  }

  getPullRequest = () => this.inner.getPullRequest()
  listChangedFiles = () => this.inner.listChangedFiles()
  compareFiles = (base: string, head: string) => this.inner.compareFiles(base, head)
  readFile = (path: string, ref: string) => this.inner.readFile(path, ref)
  listFiles = (directory: string, ref: string) => this.inner.listFiles(directory, ref)
  listCommits = () => this.inner.listCommits()

  async listCheckRuns(sha: string, name: string): Promise<CheckRunData[]> {
    const runs = await this.inner.listCheckRuns(sha, name)
    return runs.map((run) => ({ ...run, text: this.verify(run.text) }))
  }

  async listReviewThreads(): Promise<ReviewThreadData[]> {
    const threads = await this.inner.listReviewThreads()
    return threads.map((thread) => ({
      ...thread,
      comments: thread.comments.map((comment) => ({ ...comment, body: this.verify(comment.body) }))
    }))
  }

  async listIssueComments(): Promise<IssueCommentData[]> {
    const comments = await this.inner.listIssueComments()
    return comments.map((comment) => ({ ...comment, body: this.verify(comment.body) }))
  }

  postLineComment(commitId: string, comment: LineComment) {
    return this.inner.postLineComment(commitId, { ...comment, body: this.sign(comment.body) })
  }

  postFileComment(commitId: string, path: string, body: string) {
    return this.inner.postFileComment(commitId, path, this.sign(body))
  }

  postReview(commitId: string, comments: readonly LineComment[], body?: string) {
    const signed = comments.map((comment) => ({ ...comment, body: this.sign(comment.body) }))
    return this.inner.postReview(commitId, signed, body === undefined ? undefined : this.sign(body))
  }

  replyToThread(commentId: number, body: string) {
    return this.inner.replyToThread(commentId, this.sign(body))
  }

  resolveThread(threadId: string, fallbackReply?: { commentId: number; body: string }) {
    return this.inner.resolveThread(
      threadId,
      fallbackReply === undefined
        ? undefined
        : { ...fallbackReply, body: this.sign(fallbackReply.body) }
    )
  }

  unresolveThread = (threadId: string) => this.inner.unresolveThread(threadId)

  createCheckRun(input: CheckRunInput) {
    return this.inner.createCheckRun({ ...input, text: this.sign(input.text) })
  }

  startCheckRun = (input: CheckRunStart) => this.inner.startCheckRun(input)

  completeCheckRun(checkRunId: number, input: CheckRunCompletion) {
    // A completion without a record (a failed run) has no block to sign.
    const text = input.text === '' ? '' : this.sign(input.text)
    return this.inner.completeCheckRun(checkRunId, { ...input, text })
  }

  postIssueComment(body: string) {
    return this.inner.postIssueComment(this.sign(body))
  }

  updateIssueComment(commentId: number, body: string) {
    return this.inner.updateIssueComment(commentId, this.sign(body))
  }

  addEyesReaction = (comment: TriggerComment) => this.inner.addEyesReaction(comment)
}
