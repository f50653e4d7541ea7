// No file-level import cycle, type-only imports included. import-x/no-cycle
// skips every `import type` (its code returns early on importKind 'type'), but
// a cycle made of types still ties its files into one unit that can be neither
// read nor moved apart, so this rule follows every import TypeScript sees:
// `import`, `import type`, `export ... from`, `import('...')` in types and code.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { sourceResolver } from './source-resolver.mjs'

// require(), not import: typescript-eslint already loaded this CommonJS
// module, and an ESM import would scan its 9 MB again for named exports.
const ts = createRequire(import.meta.url)('typescript')

/** file → { mtimeMs, targets }: one read per file and lint run, again when it changes. */
const importsByFile = new Map()

/** The relative specifiers a source text imports, with their offsets. */
function relativeImports(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((reference) => reference.fileName.startsWith('.'))
}

function resolveFile(specifier, fromFile) {
  const resolved = sourceResolver.resolve(specifier, fromFile)
  return resolved.found && resolved.path ? resolved.path : undefined
}

/** The files `file` imports, read from disk. */
function importedFiles(file) {
  let mtimeMs
  try {
    mtimeMs = fs.statSync(file).mtimeMs
  } catch {
    return []
  }
  const cached = importsByFile.get(file)
  if (cached?.mtimeMs === mtimeMs) return cached.targets
  const targets = relativeImports(fs.readFileSync(file, 'utf8'))
    .map((reference) => resolveFile(reference.fileName, file))
    .filter((target) => target !== undefined)
  importsByFile.set(file, { mtimeMs, targets })
  return targets
}

/**
 * The shortest chain of imports from `start` to a file that imports `file`
 * (start first), or undefined. Files in `cannotReach` are known not to lead
 * back; a search that fails adds every file it saw.
 */
function routeBack(start, file, cannotReach) {
  const previous = new Map([[start, undefined]])
  const queue = [start]
  for (let index = 0; index < queue.length; index++) {
    const current = queue[index]
    for (const next of importedFiles(current)) {
      if (next === file) return chainTo(current, previous)
      if (previous.has(next) || cannotReach.has(next)) continue
      previous.set(next, current)
      queue.push(next)
    }
  }
  for (const seen of queue) cannotReach.add(seen)
  return undefined
}

function chainTo(last, previous) {
  const chain = []
  for (let current = last; current !== undefined; current = previous.get(current)) {
    chain.unshift(current)
  }
  return chain
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid file-level import cycles, type-only imports included.' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{route}}. Move what these files share into a file lower down.'
    }
  },
  create(context) {
    const file = context.physicalFilename
    if (!path.isAbsolute(file)) return {}
    const shown = (target) => path.relative(context.cwd, target)
    return {
      Program() {
        const { sourceCode } = context
        const cannotReach = new Set()
        for (const reference of relativeImports(sourceCode.text)) {
          const target = resolveFile(reference.fileName, file)
          if (target === undefined) continue
          const route = target === file ? [] : routeBack(target, file, cannotReach)
          if (route === undefined) continue
          context.report({
            loc: {
              start: sourceCode.getLocFromIndex(reference.pos),
              end: sourceCode.getLocFromIndex(reference.end)
            },
            messageId: 'cycle',
            data: { route: [file, ...route, file].map(shown).join(' → ') }
          })
        }
      }
    }
  }
}

export const importCyclePlugin = { rules: { 'no-import-cycle': noImportCycle } }
