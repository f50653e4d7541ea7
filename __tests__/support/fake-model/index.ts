export {
  FakeModel,
  isAgentTurn,
  type RecordedRequest,
  type ScriptStep
} from './fake-model-server.js'
export { FAKE_USAGE, type CompletionUsage, type ScriptedToolCall } from './chunks.js'
export {
  FAKE_API_KEY,
  FAKE_MODEL,
  FAKE_PROVIDER,
  FAKE_SECOND_MODEL,
  FAKE_SECOND_MODEL_ID,
  fakeProviderOverrides
} from './provider.js'
export { ScriptedConversations, type ConversationPlan } from './conversations.js'
export { scriptPlayer } from './script-player.js'
export { playedFixer, type FixerStep } from './fixer-player.js'
