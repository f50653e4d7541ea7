/**
 * Where the built-in opencode providers send model requests when the
 * configuration names no `baseURL`: the AI SDK package's default, or the
 * `api` entry of opencode's bundled provider catalog (models.dev). The model
 * proxy forwards to this address; the sidecar only ever sees the proxy.
 *
 * A provider missing here needs `provider.<id>.options.baseURL` in
 * `opencode_config`. Providers that sign each request or log in (Amazon
 * Bedrock, Google Vertex, GitHub Copilot) are deliberately absent: the proxy
 * holds a fixed API key, nothing else. The hosts the signing ones reach
 * from the sidecar are SIGNING_ENDPOINTS below.
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

/** A host a signing provider's SDK reaches: as people write it, and as matched. */
export interface EndpointHost {
  /** e.g. `bedrock-runtime.<region>.amazonaws.com` */
  readonly shape: string
  readonly pattern: RegExp
}

/** The hosts of a provider that signs its requests, and where its credentials come from. */
export interface SigningEndpoints {
  /** Its model endpoint in every region, and the services it gets its signing credentials from. */
  readonly hosts: readonly EndpointHost[]
  /**
   * Whether its credentials may be fetched with the job's OIDC token: the
   * credentials file google-github-actions/auth writes for workload identity
   * federation has the SDK read that token from ACTIONS_ID_TOKEN_REQUEST_URL.
   */
  readonly jobOidcToken: boolean
}

/** An AWS region (`us-east-1`, `us-gov-west-1`, `cn-north-1`, ...). */
const AWS_REGION = String.raw`[a-z]{2}(?:-[a-z]+)+-\d+`
/** The AWS partitions' suffix (the China regions add `.cn`). */
const AWS_SUFFIX = String.raw`\.amazonaws\.com(?:\.cn)?`
/** A Vertex location (`us-central1`, `europe-west4`, `northamerica-northeast1`, ...). */
const GCP_LOCATION = String.raw`[a-z]+-[a-z]+\d+`

function host(shape: string, pattern: string): EndpointHost {
  return { shape, pattern: new RegExp(`^${pattern}$`) }
}

const VERTEX: SigningEndpoints = {
  hosts: [
    // The location `global` has no prefix.
    host(
      '<location>-aiplatform.googleapis.com',
      String.raw`(?:${GCP_LOCATION}-)?aiplatform\.googleapis\.com`
    ),
    // The access token: a service account key is exchanged at oauth2, a
    // workload identity federation credential at sts, then at iamcredentials
    // when it impersonates a service account.
    host('oauth2.googleapis.com', String.raw`oauth2\.googleapis\.com`),
    host('sts.googleapis.com', String.raw`sts\.googleapis\.com`),
    host('iamcredentials.googleapis.com', String.raw`iamcredentials\.googleapis\.com`)
  ],
  jobOidcToken: true
}

/**
 * Providers whose requests are signed with cloud credentials (AWS SigV4 for
 * Bedrock, Google OAuth for Vertex): a proxy that swaps one fixed key cannot
 * stand in for them. Their SDK in the sidecar signs with the `provider_env`
 * credentials and reaches the hosts listed here through the egress filter;
 * without `enable_web` these are the only names it lets through
 * (egress-scope.ts), each still resolved and refused unless public. The
 * model proxy is not started for them.
 */
export const SIGNING_ENDPOINTS: Readonly<Record<string, SigningEndpoints>> = {
  'amazon-bedrock': {
    hosts: [
      host(
        'bedrock-runtime.<region>.amazonaws.com',
        String.raw`bedrock-runtime(?:-fips)?\.${AWS_REGION}${AWS_SUFFIX}`
      ),
      // Credentials from a web identity token (AWS_ROLE_ARN with
      // AWS_WEB_IDENTITY_TOKEN_FILE) come from STS.
      host('sts.<region>.amazonaws.com', String.raw`sts(?:\.${AWS_REGION})?${AWS_SUFFIX}`)
    ],
    jobOidcToken: false
  },
  'google-vertex': VERTEX,
  'google-vertex-anthropic': VERTEX
}

/** The providers of SIGNING_ENDPOINTS. */
export const SIGNING_PROVIDERS: ReadonlySet<string> = new Set(Object.keys(SIGNING_ENDPOINTS))
