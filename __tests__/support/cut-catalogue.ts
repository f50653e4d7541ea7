/**
 * The provider catalogue cut to a sidecar's enabled providers, written as the
 * action writes it before the first prompt (models-catalog.ts). A test
 * sidecar without it reads opencode's whole catalogue on its first prompt:
 * about 5 CPU-seconds more, and not what the action's sidecars do.
 */
import { catalogFor, readModelsCatalog } from '../../src/opencode/models-catalog.js'
import type { ManagedOpenCodeServer } from '../../src/opencode/server.js'

export async function writeCutCatalogue(
  server: ManagedOpenCodeServer,
  binary: string,
  config: Record<string, unknown>
): Promise<void> {
  const enabled = config['enabled_providers']
  if (!Array.isArray(enabled)) throw new Error('the config names no enabled_providers')
  const models = catalogFor(await readModelsCatalog(binary), enabled as string[])
  await server.writeInstanceFiles({ models })
}
