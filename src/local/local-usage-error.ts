/** The developer asked for something that cannot be done as asked (the CLI exits 2). */
export class LocalUsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LocalUsageError'
  }
}
