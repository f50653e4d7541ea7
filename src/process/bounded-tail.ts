/**
 * The end of a stream of output, at most `limit` bytes of it: older bytes are
 * dropped as new ones arrive, so a command printing gigabytes costs no more
 * memory than the limit and one chunk.
 */
export class BoundedTail {
  private chunks: Buffer[] = []
  private size = 0

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new Error(`limit must be a positive integer of bytes, got ${limit}`)
    }
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.size += chunk.length
    while (this.size > this.limit) {
      const first = this.chunks[0] as Buffer
      const excess = this.size - this.limit
      if (first.length <= excess) {
        this.chunks.shift()
        this.size -= first.length
      } else {
        // A copy, so the dropped part of the chunk is freed.
        this.chunks[0] = Buffer.from(first.subarray(excess))
        this.size -= excess
      }
    }
  }

  /** The kept bytes as UTF-8, without a character cut in half at the start. */
  text(): string {
    const bytes = Buffer.concat(this.chunks)
    let start = 0
    // Continuation bytes (10xxxxxx) at the start belong to a dropped character.
    while (start < bytes.length && start < 3 && ((bytes[start] as number) & 0xc0) === 0x80) start++
    return bytes.subarray(start).toString('utf8')
  }
}
