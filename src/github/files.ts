/**
 * Changed files through the paginated files API (never the `.diff` media
 * type, which fails beyond 300 files or 20,000 lines), file contents and
 * directory listings at a ref.
 */
import { z } from 'zod'
import type { ChangedFile } from '../core/pull-request/pr-data.js'
import type { PullRequestRef } from '../ports/review-gateway.js'
import { httpStatus } from './api-errors.js'
import type { GitHubClient } from './octokit.js'
import { GitHubResponseError, parseResponse } from './parse-response.js'
import { RestContents, RestDirectoryEntry, RestFile } from './rest-schemas.js'

export async function listChangedFiles(
  client: GitHubClient,
  pr: PullRequestRef
): Promise<ChangedFile[]> {
  const files = parseResponse(
    z.array(RestFile),
    await client.paginate(client.rest.pulls.listFiles, {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      per_page: 100
    }),
    `GET /repos/${pr.owner}/${pr.repo}/pulls/${pr.number}/files`
  )
  return files.map(toChangedFile)
}

function toChangedFile(file: z.output<typeof RestFile>): ChangedFile {
  return {
    path: file.filename,
    ...(file.previous_filename === undefined ? {} : { previousPath: file.previous_filename }),
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    ...(file.patch === undefined ? {} : { patch: file.patch })
  }
}

/**
 * Files changed between two commits (the compare API; GitHub lists at most
 * 300). Undefined when GitHub cannot compare them: an old head that was
 * force-pushed away is unknown (404) or unrelated (422).
 */
export async function compareFiles(
  client: GitHubClient,
  pr: PullRequestRef,
  base: string,
  head: string
): Promise<ChangedFile[] | undefined> {
  const source = `GET /repos/${pr.owner}/${pr.repo}/compare/${base}...${head}`
  let raw: unknown
  try {
    raw = (
      await client.rest.repos.compareCommitsWithBasehead({
        owner: pr.owner,
        repo: pr.repo,
        basehead: `${base}...${head}`,
        per_page: 1
      })
    ).data
  } catch (error) {
    const status = httpStatus(error)
    if (status === 404 || status === 422) return undefined
    throw error
  }
  const data = parseResponse(z.object({ files: z.array(RestFile).default([]) }), raw, source)
  return data.files.map(toChangedFile)
}

/** A missing file (404) or a directory is `undefined`, not an error: most repos have no AGENTS.md. */
export async function readFile(
  client: GitHubClient,
  pr: PullRequestRef,
  path: string,
  ref: string
): Promise<string | undefined> {
  const source = `GET /repos/${pr.owner}/${pr.repo}/contents/${path}?ref=${ref}`
  let raw: unknown
  try {
    raw = (await client.rest.repos.getContent({ owner: pr.owner, repo: pr.repo, path, ref })).data
  } catch (error) {
    if (httpStatus(error) === 404) return undefined
    throw error
  }
  const data = parseResponse(RestContents, raw, source)
  if (Array.isArray(data) || !('content' in data)) return undefined
  if (data.encoding !== 'base64')
    // Files over 1 MB come back with encoding "none" and no content.
    throw new GitHubResponseError(
      `Unexpected GitHub response to ${source}: encoding was ${JSON.stringify(data.encoding)}: expected "base64" (files over 1 MB are not served by the contents API)`
    )
  return Buffer.from(data.content, 'base64').toString('utf8')
}

/**
 * The files directly in `directory` at `ref`: one contents request, whose
 * answer for a directory is the list of its entries (files, subdirectories,
 * symlinks, submodules; only files are kept). A missing directory (404) or a
 * path that is a file is [], not an error: most repos have no such folder.
 */
export async function listFiles(
  client: GitHubClient,
  pr: PullRequestRef,
  directory: string,
  ref: string
): Promise<string[]> {
  const path = directory.replace(/\/+$/, '')
  const source = `GET /repos/${pr.owner}/${pr.repo}/contents/${path}?ref=${ref}`
  let raw: unknown
  try {
    raw = (await client.rest.repos.getContent({ owner: pr.owner, repo: pr.repo, path, ref })).data
  } catch (error) {
    if (httpStatus(error) === 404) return []
    throw error
  }
  const data = parseResponse(
    z.union([z.array(RestDirectoryEntry), z.object({ type: z.string() })]),
    raw,
    source
  )
  if (!Array.isArray(data)) return []
  return data.filter((entry) => entry.type === 'file').map((entry) => entry.path)
}
