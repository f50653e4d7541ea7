// The floor plan of src/: which folder may import which, and which npm
// packages stay behind which fence. eslint.config.mjs spreads `layerConfigs`;
// AGENTS.md explains the same table to people. Type-only imports count like
// any other import: a type from a higher layer still ties the two together.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import importX from 'eslint-plugin-import-x'
import { importCyclePlugin } from './import-cycle.mjs'
import { sourceResolver } from './source-resolver.mjs'

const REPO_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

const CORE_AND_CONFIG = ['core', 'config', 'ports']
const ENGINE = [...CORE_AND_CONFIG, 'trigger', 'process', 'egress', 'review', 'fix']

/**
 * Top-level folders of src/ and the other folders each may import. The entry
 * points beside them (action-entry.ts, main.ts, post.ts) may import anything; no
 * folder may import an entry point.
 */
export const FOLDER_IMPORTS = {
  core: [],
  config: ['core'],
  ports: ['core', 'config'],
  trigger: ['core', 'config', 'ports'],
  process: ['core'],
  egress: ['core', 'process'],
  bridge: CORE_AND_CONFIG,
  review: ['core', 'config', 'ports', 'trigger'],
  // The fix loop reaches the review of its commits through ports/, never review/.
  fix: CORE_AND_CONFIG,
  github: CORE_AND_CONFIG,
  opencode: [...CORE_AND_CONFIG, 'bridge', 'egress', 'process'],
  // Local mode composes the engine with git instead of GitHub. It reaches the
  // MCP tool server (bridge/) only through the agent runtime in opencode/.
  local: [...ENGINE, 'opencode'],
  // `stats --repo` reads the memory issue through the GitHub adapter.
  cli: [...ENGINE, 'opencode', 'local', 'github'],
  // The runner side and the composition root: everything but local mode.
  action: [...ENGINE, 'bridge', 'github', 'opencode']
}

/**
 * Folders inside core/ and review/, lowest level first. A folder may import its
 * own files and folders on lower levels, never a folder on its own level.
 */
export const INNER_LEVELS = {
  core: [
    ['errors', 'names', 'pull-request'],
    ['secrets'],
    ['text-safety'],
    // Rules by path (AGENTS.md files, instructions files) and the repository's
    // path globs, which learnings and findings above may match against.
    ['path-rules'],
    ['memory'],
    ['diff'],
    ['findings'],
    ['team-memory'],
    ['fixing'],
    ['summary'],
    ['reports']
  ],
  review: [
    ['scope', 'gateways'],
    ['preparation', 'memory'],
    ['tools'],
    ['prompts'],
    ['confirmation'],
    ['passes'],
    ['publishing'],
    ['run']
  ]
}

/** npm packages that only the listed folders or files of src/ may import. */
export const PACKAGE_FENCES = [
  {
    packages: ['@octokit/*', '@actions/github', '@actions/http-client'],
    only: ['github'],
    why: 'github/ is the only place holding a GitHub client; the rest reaches GitHub through ports/.'
  },
  {
    packages: ['@opencode-ai/sdk', '@opencode-ai/sdk/*'],
    only: ['opencode'],
    why: 'opencode/ is the only place that talks to the OpenCode server.'
  },
  {
    packages: ['@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
    only: ['bridge'],
    why: 'bridge/ is the MCP tool server; nothing else speaks MCP.'
  },
  {
    packages: ['@actions/*', '!@actions/github', '!@actions/http-client'],
    // leftover.ts keeps the sidecar's process group in the runner's step
    // state so the post step can stop it.
    only: ['action', 'opencode/leftover.ts'],
    why: 'the runner toolkit (step outputs, state, job summary) belongs to the runner side.'
  }
]

/** Node built-ins core/ may import: computation only, no file system, network, processes or env. */
export const CORE_BUILTINS = ['crypto', 'util', 'buffer'].flatMap((name) => [name, `node:${name}`])

/** Lower inner folders `room` may import, as ['core', ['errors', ...]] pairs, outside folders whole. */
function allowedGroups(room) {
  const [folder, inner] = room.split('/')
  const outside = FOLDER_IMPORTS[folder].map((other) => [other, undefined])
  if (inner === undefined) return outside
  const levels = INNER_LEVELS[folder]
  const ownLevel = levels.findIndex((level) => level.includes(inner))
  const lower = levels.slice(0, ownLevel).flat()
  return lower.length > 0 ? [[folder, lower], ...outside] : outside
}

/** The paths under src/ that `room` may import: its own folder, the allowed ones, single files. */
function allowedPaths(room) {
  const groups = allowedGroups(room).flatMap(([folder, inner]) =>
    inner ? inner.map((i) => `${folder}/${i}`) : [folder]
  )
  return [room, ...groups]
}

function describeAllowed(room) {
  const groups = allowedGroups(room).map(([folder, inner]) =>
    inner ? `${folder}/{${inner.join(',')}}/` : `${folder}/`
  )
  return ['its own folder', ...groups].join(', ')
}

/** Rooms: folders whose imports one zone governs (core/ and review/ count per inner folder). */
function rooms() {
  return Object.keys(FOLDER_IMPORTS).flatMap((folder) =>
    INNER_LEVELS[folder] ? INNER_LEVELS[folder].flat().map((i) => `${folder}/${i}`) : [folder]
  )
}

/** One import-x/no-restricted-paths zone per room: all of src/ but what it may import. */
function roomZones() {
  return rooms().map((room) => ({
    target: `src/${room}`,
    from: 'src',
    except: allowedPaths(room).map((entry) => `./${entry}`),
    message: `src/${room}/ may import from src/ only ${describeAllowed(room)} (eslint/layers.mjs).`
  }))
}

/** A file loose in core/ or review/, beside the inner folders, may import what its folder may. */
function looseFileZones() {
  return Object.keys(INNER_LEVELS).map((folder) => {
    const allowed = [folder, ...FOLDER_IMPORTS[folder]]
    return {
      target: `src/${folder}/*.ts`,
      from: 'src',
      except: allowed.map((entry) => `./${entry}`),
      message: `src/${folder}/ may import from src/ only ${allowed.map((f) => `${f}/`).join(', ')} (eslint/layers.mjs).`
    }
  })
}

function fenceAllows(fence, place) {
  return fence.only.some((allowed) => place === allowed || place.startsWith(`${allowed}/`))
}

const shownPlace = (place) => (place.endsWith('.ts') ? `src/${place}` : `src/${place}/`)

function fencePatterns(place) {
  return PACKAGE_FENCES.filter((fence) => !fenceAllows(fence, place)).map((fence) => ({
    group: fence.packages,
    message: `Only ${fence.only.map(shownPlace).join(', ')} and the entry points may import this package: ${fence.why}`
  }))
}

/** One config object per top-level folder, then one per single file a fence lets through. */
function packageFenceConfigs() {
  const places = [
    ...Object.keys(FOLDER_IMPORTS),
    ...PACKAGE_FENCES.flatMap((fence) => fence.only.filter((place) => place.endsWith('.ts')))
  ]
  return places.map((place) => ({
    files: [place.endsWith('.ts') ? `src/${place}` : `src/${place}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: fencePatterns(place) }]
    }
  }))
}

export const layerConfigs = [
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX, 'floor-plan': importCyclePlugin },
    settings: { 'import-x/resolver-next': [sourceResolver] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: REPO_ROOT, zones: [...roomZones(), ...looseFileZones()] }
      ],
      'floor-plan/no-import-cycle': 'error'
    }
  },
  ...packageFenceConfigs(),
  {
    // core/ does no I/O: no file system, network, child processes, env or fetch.
    files: ['src/core/**/*.ts'],
    rules: {
      'import-x/no-nodejs-modules': ['error', { allow: CORE_BUILTINS }],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'core/ reads no env and touches no process.' },
        { name: 'fetch', message: 'core/ does no network I/O.' }
      ]
    }
  }
]
