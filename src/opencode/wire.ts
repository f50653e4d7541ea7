/**
 * The parts of OpenCode's events and messages the session driver relies on,
 * parsed with zod: the SDK's types are compile-time only, and a server of
 * another version could send something else. Objects are loose, so fields we
 * do not read never break parsing.
 */
import { z } from 'zod'

export const errorInfoSchema = z.looseObject({
  name: z.string(),
  data: z.record(z.string(), z.unknown()).optional()
})

const tokensSchema = z.looseObject({
  input: z.number().default(0),
  output: z.number().default(0),
  reasoning: z.number().default(0),
  cache: z.looseObject({ read: z.number().default(0), write: z.number().default(0) }).optional()
})

export const messageInfoSchema = z.looseObject({
  id: z.string(),
  role: z.string(),
  parentID: z.string().optional(),
  time: z.looseObject({ created: z.number().optional(), completed: z.number().optional() }),
  error: errorInfoSchema.optional(),
  cost: z.number().optional(),
  tokens: tokensSchema.optional(),
  finish: z.string().optional()
})

export const toolPartSchema = z.looseObject({
  type: z.literal('tool'),
  callID: z.string(),
  tool: z.string(),
  state: z.looseObject({
    status: z.string(),
    input: z.record(z.string(), z.unknown()).optional(),
    output: z.string().optional(),
    error: z.string().optional()
  })
})

export const textPartSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  synthetic: z.boolean().optional()
})

export const partSchema = z.looseObject({ type: z.string() })

export const messageWithPartsSchema = z.looseObject({
  info: messageInfoSchema,
  parts: z.array(partSchema)
})

export type MessageInfo = z.infer<typeof messageInfoSchema>
export type ToolPartWire = z.infer<typeof toolPartSchema>
export type MessageWithParts = z.infer<typeof messageWithPartsSchema>

/** An event from `/event`: only the envelope is checked here. */
export const eventSchema = z.looseObject({
  type: z.string(),
  properties: z.record(z.string(), z.unknown()).default({})
})
export type WireEvent = z.infer<typeof eventSchema>

/** `permission.asked` / `question.asked`: the request id and its session. */
export const pendingRequestSchema = z.looseObject({
  id: z.string(),
  sessionID: z.string().optional(),
  permission: z.string().optional()
})

export const sessionIdSchema = z.looseObject({ sessionID: z.string() })

export const mcpStatusSchema = z.record(
  z.string(),
  z.looseObject({ status: z.string(), error: z.string().optional() })
)

export const sessionStatusMapSchema = z.record(z.string(), z.looseObject({ type: z.string() }))

/** `GET /global/health`: the server's own version. */
export const healthSchema = z.looseObject({ version: z.string() })
