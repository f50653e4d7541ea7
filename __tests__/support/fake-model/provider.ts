/**
 * The opencode_config that points opencode at a FakeModel: a custom
 * OpenAI-compatible provider ("@ai-sdk/openai-compatible" is bundled in the
 * opencode binary, so nothing is downloaded).
 */
export const FAKE_PROVIDER = 'fake'
export const FAKE_MODEL = `${FAKE_PROVIDER}/fake-model`
/** A second model of the fake provider, for several reviewer models (`reviewer_models`). */
export const FAKE_SECOND_MODEL_ID = 'second-model'
export const FAKE_SECOND_MODEL = `${FAKE_PROVIDER}/${FAKE_SECOND_MODEL_ID}`
/** Any non-empty key; the fake model does not check it. */
export const FAKE_API_KEY = 'fake-model-key-0123456789'

export function fakeProviderOverrides(baseURL: string): Record<string, unknown> {
  return {
    provider: {
      [FAKE_PROVIDER]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Fake model',
        options: { baseURL },
        models: {
          'fake-model': {
            name: 'Fake model',
            tool_call: true,
            limit: { context: 200000, output: 8192 }
          },
          [FAKE_SECOND_MODEL_ID]: {
            name: 'Second fake model',
            tool_call: true,
            limit: { context: 200000, output: 8192 }
          }
        }
      }
    }
  }
}
