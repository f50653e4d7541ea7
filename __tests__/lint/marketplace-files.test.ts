// What the GitHub Marketplace and package registries read from the repository:
// action.yml's description (at most 125 characters, or the listing is
// refused) and a LICENSE file agreeing with package.json's `license`.
import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'

const read = (name: string) => readFile(new URL(`../../${name}`, import.meta.url), 'utf8')

/** The opening line and a sentence only that license's canonical text has. */
const LICENSE_TEXTS: Record<string, { heading: string; grant: string }> = {
  MIT: {
    heading: 'MIT License',
    grant:
      'Permission is hereby granted, free of charge, to any person obtaining a copy of this ' +
      'software and associated documentation files (the "Software"), to deal in the Software ' +
      'without restriction'
  }
}

describe('action.yml for the Marketplace', () => {
  it('has a description of at most 125 characters', async () => {
    const actionYml = parse(await read('action.yml')) as { description?: unknown }
    expect(typeof actionYml.description).toBe('string')
    const description = String(actionYml.description)
    expect(description.length).toBeGreaterThan(40)
    expect(description.length).toBeLessThanOrEqual(125)
  })
})

describe('LICENSE', () => {
  it("holds the license package.json names, with the project's copyright line", async () => {
    const pkg = JSON.parse(await read('package.json')) as { license?: string }
    const expected = LICENSE_TEXTS[pkg.license ?? '']
    expect(expected).toBeDefined()
    const text = (await read('LICENSE')).replace(/\s+/g, ' ')
    expect(text.startsWith(expected?.heading ?? '-')).toBe(true)
    expect(text).toContain(expected?.grant ?? '-')
    expect(text).toContain('Copyright (c) 2026 OpenCode PR Reviewer contributors')
  })
})
