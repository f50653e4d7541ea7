/**
 * GitHub's comment renderer: Debian's cmark-gfm (the C library GitHub
 * renders markdown with) with the comment extensions, raw HTML let through as
 * GitHub does before its own HTML sanitizer.
 *
 * Two ways to run it, both over the very same library:
 * - `renderWithBinary`: one `cmark-gfm` process per document, the reference.
 * - `BatchRenderer`: a small C program (cmark-batch.c), built here with the
 *   machine's C compiler against the libraries `/usr/bin/cmark-gfm` loads,
 *   renders document after document in one process with a new parser each,
 *   exactly as the binary does for one. Starting a process costs tens of
 *   milliseconds on a loaded machine (measured: ~30 ms for /bin/true with the
 *   load of other test runs), far too slow for 20,000 cases; the batch
 *   renderer costs tens of microseconds per document. Documents are never
 *   concatenated (link reference and footnote definitions are global to a
 *   document, open blocks swallow what follows), and renderer.test.ts checks
 *   that both ways give byte-identical HTML on the corpus and generated cases.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const CMARK_BINARY = '/usr/bin/cmark-gfm'

/** GitHub's comment extensions; `--unsafe` keeps raw HTML, which GitHub's own sanitizer handles later. */
export const GITHUB_FLAGS = [
  '--unsafe',
  ...['table', 'strikethrough', 'autolink', 'tagfilter', 'tasklist', 'footnotes'].flatMap((e) => [
    '-e',
    e
  ])
]

const SOURCE = fileURLToPath(new URL('./cmark-batch.c', import.meta.url))

export function cmarkAvailable(): boolean {
  return existsSync(CMARK_BINARY)
}

/** One `cmark-gfm` process for one document. */
export function renderWithBinary(markdown: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(CMARK_BINARY, GITHUB_FLAGS, { stdio: ['pipe', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'))
      else reject(new Error(`cmark-gfm exited ${code}: ${Buffer.concat(err).toString()}`))
    })
    child.stdin.end(markdown, 'utf8')
  })
}

/** The shared libraries the binary loads (ldd), so the helper links the same ones. */
function cmarkLibraries(): string[] {
  const listing = execFileSync('ldd', [CMARK_BINARY], { encoding: 'utf8' })
  const libraries = Array.from(listing.matchAll(/=>\s*(\S*libcmark-gfm\S*)/g), (m) => m[1] ?? '')
  if (libraries.length < 2) throw new Error(`no libcmark-gfm in ldd ${CMARK_BINARY}:\n${listing}`)
  return libraries
}

/** Builds cmark-batch.c once per source and library set; the result is cached in the temp folder. */
function buildHelper(): string {
  const libraries = cmarkLibraries()
  const source = readFileSync(SOURCE)
  const key = createHash('sha256').update(source).update(libraries.join('\n')).digest('hex')
  const binary = join(tmpdir(), `cmark-batch-${key.slice(0, 16)}`)
  if (existsSync(binary)) return binary
  const building = `${binary}.${process.pid}`
  execFileSync('cc', ['-O2', '-o', building, SOURCE, ...libraries], { stdio: 'pipe' })
  renameSync(building, binary)
  return binary
}

interface Pending {
  readonly resolve: (html: string) => void
  readonly reject: (error: Error) => void
}

/** One helper process; documents are answered in the order they were sent. */
export class BatchRenderer {
  private buffered = Buffer.alloc(0)
  private readonly pending: Pending[] = []
  private failure: Error | undefined

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk))
    const stderr: Buffer[] = []
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('close', (code) => {
      const message = `cmark-batch exited ${code}: ${Buffer.concat(stderr).toString()}`
      this.fail(new Error(message))
    })
    child.on('error', (error) => this.fail(error))
  }

  static start(): BatchRenderer {
    const child = spawn(buildHelper(), GITHUB_FLAGS, { stdio: ['pipe', 'pipe', 'pipe'] })
    return new BatchRenderer(child)
  }

  render(markdown: string): Promise<string> {
    if (this.failure !== undefined) return Promise.reject(this.failure)
    const bytes = Buffer.from(markdown, 'utf8')
    const head = Buffer.alloc(4)
    head.writeUInt32LE(bytes.length)
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject })
      this.child.stdin.write(Buffer.concat([head, bytes]))
    })
  }

  close(): void {
    this.child.stdin.end()
  }

  private receive(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk])
    while (this.buffered.length >= 4) {
      const length = this.buffered.readUInt32LE(0)
      if (this.buffered.length < 4 + length) return
      const html = this.buffered.subarray(4, 4 + length).toString('utf8')
      this.buffered = this.buffered.subarray(4 + length)
      this.pending.shift()?.resolve(html)
    }
  }

  private fail(error: Error): void {
    this.failure ??= error
    for (const waiting of this.pending.splice(0)) waiting.reject(error)
  }
}

/** Renders with the batch helper when a C compiler is there, else one process per document. */
export interface Renderer {
  readonly kind: 'batch' | 'process per document'
  render(markdown: string): Promise<string>
  close(): void
}

export function startRenderer(): Renderer {
  try {
    const batch = BatchRenderer.start()
    return { kind: 'batch', render: (md) => batch.render(md), close: () => batch.close() }
  } catch {
    return { kind: 'process per document', render: renderWithBinary, close: () => undefined }
  }
}
