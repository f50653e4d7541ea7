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

/** file → { mtimeMs, text, imports, targets }: each file read and scanned once, again when it changes. */
const scansByFile = new Map()

function resolveFile(specifier, fromFile) {
  const resolved = sourceResolver.resolve(specifier, fromFile)
  return resolved.found && resolved.path ? resolved.path : undefined
}

/** The relative imports of a source text: specifier, its offsets, the file it names. */
function scanImports(text, file) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.filter((reference) => reference.fileName.startsWith('.'))
    .map((reference) => ({ ...reference, target: resolveFile(reference.fileName, file) }))
}

/** The scan of `file` as it is on disk; undefined when it cannot be read. */
function scanOnDisk(file) {
  let mtimeMs
  try {
    mtimeMs = fs.statSync(file).mtimeMs
  } catch {
    return undefined
  }
  const cached = scansByFile.get(file)
  if (cached?.mtimeMs === mtimeMs) return cached
  const text = fs.readFileSync(file, 'utf8')
  const imports = scanImports(text, file)
  const targets = imports.map((found) => found.target).filter((target) => target !== undefined)
  const scan = { mtimeMs, text, imports, targets }
  scansByFile.set(file, scan)
  return scan
}

/** The files `file` imports, as it is on disk. */
function importedFiles(file) {
  return scanOnDisk(file)?.targets ?? []
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
        // Usually another file's search has scanned this one already.
        const scanned = scansByFile.get(file)
        const imports =
          scanned?.text === sourceCode.text ? scanned.imports : scanImports(sourceCode.text, file)
        const cannotReach = new Set()
        for (const { target, pos, end } of imports) {
          if (target === undefined) continue
          const route = target === file ? [] : routeBack(target, file, cannotReach)
          if (route === undefined) continue
          context.report({
            loc: {
              start: sourceCode.getLocFromIndex(pos),
              end: sourceCode.getLocFromIndex(end)
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
