/**
 * Where the built-in opencode providers send model requests when the
 * configuration names no `baseURL`: the AI SDK package's default, or the
 * `api` entry of opencode's bundled provider catalog (models.dev). The model
 * proxy forwards to this address; the sidecar only ever sees the proxy.
 *
 * A provider missing here needs `provider.<id>.options.baseURL` in
 * `opencode_config`. Providers that sign each request or log in (Amazon
 * Bedrock, Google Vertex, GitHub Copilot) are deliberately absent: the proxy
 * holds a fixed API key, nothing else.
 */
export const PROVIDER_ENDPOINTS: Readonly<Record<string, string>> = {
  anthropic: 'https://api.anthropic.com/v1',
  openai: 'https://api.openai.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  mistral: 'https://api.mistral.ai/v1',
  groq: 'https://api.groq.com/openai/v1',
  xai: 'https://api.x.ai/v1',
  deepseek: 'https://api.deepseek.com',
  cerebras: 'https://api.cerebras.ai/v1',
  togetherai: 'https://api.together.xyz/v1',
  deepinfra: 'https://api.deepinfra.com/v1/openai',
  perplexity: 'https://api.perplexity.ai',
  cohere: 'https://api.cohere.com/v2',
  openrouter: 'https://openrouter.ai/api/v1',
  opencode: 'https://opencode.ai/zen/v1',
  'fireworks-ai': 'https://api.fireworks.ai/inference/v1',
  moonshotai: 'https://api.moonshot.ai/v1',
  zai: 'https://api.z.ai/api/paas/v4',
  huggingface: 'https://router.huggingface.co/v1',
  nvidia: 'https://integrate.api.nvidia.com/v1'
}

/**
 * Providers whose requests are signed with cloud credentials (AWS SigV4 for
 * Bedrock, Google OAuth for Vertex): a proxy that swaps one fixed key cannot
 * stand in for them. Their SDK in the sidecar signs with the `provider_env`
 * credentials and reaches the provider's public endpoint through the egress
 * filter; the model proxy is not started for them.
 */
export const SIGNING_PROVIDERS: ReadonlySet<string> = new Set([
  'amazon-bedrock',
  'google-vertex',
  'google-vertex-anthropic'
])
