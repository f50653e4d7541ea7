import { inScope, scopeGlobFor } from '../../../src/core/team-memory/scope-glob.js'

describe("a learning's scope path", () => {
  it("is the finding's directory and everything below it", () => {
    const glob = scopeGlobFor('src/api/users.ts')
    expect(glob).toBe('src/api/**')
    expect(inScope(glob, 'src/api/orders.ts')).toBe(true)
    expect(inScope(glob, 'src/api/v2/orders.ts')).toBe(true)
    expect(inScope(glob, 'src/web/orders.ts')).toBe(false)
    expect(inScope(glob, 'src/apiary/x.ts')).toBe(false)
  })

  it('is the file alone for a file at the repository root', () => {
    expect(scopeGlobFor('index.ts')).toBe('index.ts')
    expect(inScope('index.ts', 'index.ts')).toBe(true)
    // Whole paths only: a root file's rule does not reach a file of the same name elsewhere.
    expect(inScope('index.ts', 'src/index.ts')).toBe(false)
  })

  it("escapes glob syntax in the directory's name", () => {
    const glob = scopeGlobFor('app/[id]/(group)/page.tsx')
    expect(inScope(glob, 'app/[id]/(group)/layout.tsx')).toBe(true)
    expect(inScope(glob, 'app/i/(group)/layout.tsx')).toBe(false)
  })

  it('matches dot files, and nothing for a glob picomatch cannot read', () => {
    expect(inScope('.github/**', '.github/workflows/ci.yml')).toBe(true)
    expect(inScope('src/[a', 'src/[a')).toBe(false)
  })
})
