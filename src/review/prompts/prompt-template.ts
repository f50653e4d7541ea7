/**
 * Fills `{{name}}` slots in the prompt markdown. Strict on purpose: a slot
 * without a value, a value without a slot, or a malformed slot is an error,
 * never a prompt that silently says "{{diff}}" to the model or drops context.
 * Values are inserted in one pass and never re-scanned, so untrusted text that
 * happens to contain "{{...}}" stays inert.
 *
 * `{{tool.<key>}}` slots are filled from the tool-name table, so the prompts
 * cannot name a tool the bridge does not serve.
 */

const SLOT = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g
const TOOL_PREFIX = 'tool.'

export class PromptTemplateError extends Error {
  constructor(
    readonly template: string,
    message: string
  ) {
    super(`prompt "${template}": ${message}`)
    this.name = 'PromptTemplateError'
  }
}

/** Slot names a template uses, in order of first appearance. */
export function templateSlots(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(SLOT), (match) => match[1] ?? ''))]
}

export function fillTemplate(
  name: string,
  text: string,
  values: Readonly<Record<string, string>>,
  toolNames: Readonly<Record<string, string>>
): string {
  const opens = text.split('{{').length - 1
  const slots = Array.from(text.matchAll(SLOT))
  if (opens !== slots.length || text.split('}}').length - 1 !== slots.length) {
    throw new PromptTemplateError(
      name,
      'has a malformed {{slot}} (expected {{name}} or {{tool.key}})'
    )
  }
  const used = templateSlots(text)
  const missing = used.filter((slot) =>
    slot.startsWith(TOOL_PREFIX)
      ? !Object.hasOwn(toolNames, slot.slice(TOOL_PREFIX.length))
      : !Object.hasOwn(values, slot)
  )
  if (missing.length > 0) {
    throw new PromptTemplateError(name, `no value for ${missing.map((s) => `{{${s}}}`).join(', ')}`)
  }
  const unused = Object.keys(values).filter((key) => !used.includes(key))
  if (unused.length > 0) {
    throw new PromptTemplateError(name, `has no slot for the value(s) ${unused.join(', ')}`)
  }
  return text.replace(SLOT, (_match, slot: string) =>
    slot.startsWith(TOOL_PREFIX)
      ? (toolNames[slot.slice(TOOL_PREFIX.length)] ?? '')
      : (values[slot] ?? '')
  )
}
