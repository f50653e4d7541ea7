/** The one way to turn anything thrown into a message. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  // An Error from another realm (a vm context, as under jest) fails instanceof; its message is still its message.
  const message = (error as { message?: unknown } | null | undefined)?.message
  return typeof message === 'string' ? message : String(error)
}
