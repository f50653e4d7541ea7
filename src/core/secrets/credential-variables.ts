/**
 * Environment variables that carry the model's credentials: the model key
 * the action and the command line read, and the cloud credential families a
 * provider that signs its requests reads (`provider_env`). Data only; who
 * may see them is decided where a process's environment is built.
 */

/** The model key's variable (the command line reads it; a workflow may set it too). */
export const MODEL_KEY_VARIABLE = 'OPENCODE_API_KEY'

/**
 * Names of environment variables that may carry a model provider's cloud
 * credentials to the sidecar. Only these families: the GitHub token and
 * anything else in the job's environment stay out of the sidecar.
 */
export const PROVIDER_ENV_PATTERNS: readonly RegExp[] = [
  /^AWS_[A-Z0-9_]+$/,
  /^GOOGLE_APPLICATION_CREDENTIALS$/,
  /^GOOGLE_CLOUD_[A-Z0-9_]+$/,
  /^GOOGLE_VERTEX_[A-Z0-9_]+$/,
  /^VERTEX_[A-Z0-9_]+$/,
  /^AZURE_[A-Z0-9_]+$/
]
