/**
 * The sidecar's global opencode config dir (XDG_CONFIG_HOME/opencode under
 * its private state dir): empty but for what keeps opencode from installing
 * into it.
 *
 * When an instance boots, opencode 1.18 installs `@opencode-ai/plugin` into
 * every config dir it reads (the package plugins and custom tools in that
 * dir import), in the background, with npm's installer, from the public
 * registry: through the egress filter on every run, and about 1 s of the
 * sidecar's CPU while it connects its MCP tools and answers the first
 * prompt. The sidecar runs no plugin and no tool file (config.ts sets
 * `plugin: []`, sidecar-env.ts OPENCODE_PURE) and this dir holds none, so
 * nothing would ever import the package. opencode skips the install when
 * the dir has a `node_modules` and a `package-lock.json` whose root lists
 * every package it would add: this module writes exactly that.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The package opencode adds to every config dir (1.18.33). */
export const PLUGIN_PACKAGE = '@opencode-ai/plugin'

/** Prepares `<configHome>/opencode` so opencode finds nothing to install there. */
export async function prepareConfigDir(configHome: string): Promise<void> {
  const dir = join(configHome, 'opencode')
  await mkdir(join(dir, 'node_modules'), { recursive: true })
  const lock = { lockfileVersion: 3, packages: { '': { dependencies: { [PLUGIN_PACKAGE]: '*' } } } }
  await writeFile(join(dir, 'package-lock.json'), JSON.stringify(lock), { mode: 0o600 })
}
