/**
 * The checkout the sandbox exports for a local review: a throwaway clone of
 * the repository with the reviewed head checked out, never the developer's
 * work tree. The work tree may hold uncommitted edits the review is not
 * about (a review of HEAD) or be the edits themselves (--working-tree, whose
 * head is a snapshot commit): either way the agent must read exactly the
 * head the findings are posted on, and the checkout guard checks that the
 * clone's HEAD is that commit. `--shared` borrows the repository's objects
 * (the unreferenced snapshot commit included) instead of copying them.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LocalGit } from './local-git.js'

export interface HeadCheckout {
  /** The clone's work tree, HEAD detached at the reviewed head. */
  readonly directory: string
  dispose(): Promise<void>
}

/** Clones the repository `git` runs in and checks out `headSha`, detached. */
export async function checkOutHead(git: LocalGit, headSha: string): Promise<HeadCheckout> {
  const holder = await mkdtemp(join(tmpdir(), 'review-my-code-bot-head-'))
  const directory = join(holder, 'checkout')
  const dispose = () => rm(holder, { recursive: true, force: true })
  try {
    await git.output(['clone', '--quiet', '--shared', '--no-checkout', git.cwd, directory])
    await git.at(directory).output(['checkout', '--quiet', '--detach', headSha])
  } catch (error) {
    await dispose()
    throw error
  }
  return { directory, dispose }
}

/** One checkout for the whole run, made when first needed, removed once the run is over. */
export class LazyHeadCheckout {
  private made: Promise<HeadCheckout> | undefined

  constructor(
    private readonly git: LocalGit,
    private readonly headSha: string
  ) {}

  get(): Promise<HeadCheckout> {
    this.made ??= checkOutHead(this.git, this.headSha)
    return this.made
  }

  async dispose(): Promise<void> {
    const made = this.made
    this.made = undefined
    if (made === undefined) return
    await (await made.catch(() => undefined))?.dispose()
  }
}
