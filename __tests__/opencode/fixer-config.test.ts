/** buildOpencodeConfig for the fixer: the reviewer's sandbox plus edits, and nothing else. */
import { describe, expect, it } from '@jest/globals'
import { FIXER_TOOL_NAME } from '../../src/core/names/tool-names.js'
import {
  agentPromptConfig,
  buildOpencodeConfig,
  FIXER_AGENT,
  REVIEWER_AGENT,
  type OpencodeConfigInput
} from '../../src/opencode/config.js'

const input: OpencodeConfigInput = {
  model: 'anthropic/claude-sonnet-4-5',
  modelEndpoint: { baseURL: 'http://127.0.0.1:4568/model', token: 'run-token-0123456789abcdef' },
  enableWeb: false,
  overrides: {
    provider: { anthropic: { options: { apiKey: 'sk-ant-secret-in-overrides', timeout: 5 } } }
  },
  mcpServers: {
    submit: { url: 'http://127.0.0.1:4567/mcp/submit', token: 'bridge-0123456789abcdef' }
  },
  systemPrompt: 'You fix findings.',
  allowedToolNames: [FIXER_TOOL_NAME]
}

type Config = {
  permission: Record<string, string>
  agent: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

const fixer = () => buildOpencodeConfig({ ...input, role: FIXER_AGENT }) as unknown as Config
const reviewer = () => buildOpencodeConfig(input) as unknown as Config

describe('buildOpencodeConfig for the fixer', () => {
  it('denies everything first, then allows reading, editing and its own tool only', () => {
    const { permission } = fixer()
    expect(Object.entries(permission)).toEqual([
      ['*', 'deny'],
      ['read', 'allow'],
      ['grep', 'allow'],
      ['glob', 'allow'],
      ['edit', 'allow'],
      ['webfetch', 'deny'],
      ['external_directory', 'deny'],
      [FIXER_TOOL_NAME, 'allow']
    ])
  })

  it('runs the fixer agent alone, with the same sandbox as the reviewer otherwise', () => {
    const config = fixer()
    expect(config['default_agent']).toBe(FIXER_AGENT)
    expect(config.agent[FIXER_AGENT]).toMatchObject({
      mode: 'primary',
      prompt: 'You fix findings.',
      permission: config.permission
    })
    expect(config.agent[REVIEWER_AGENT]).toBeUndefined()
    const base = reviewer()
    // Everything but the agent and its permissions is the reviewer's sandbox, key for key.
    const strip = ({ agent: _a, permission: _p, default_agent: _d, ...rest }: Config) => rest
    expect(strip(config)).toEqual(strip(base))
    expect(config['plugin']).toEqual([])
    expect(config['instructions']).toEqual([])
    expect(JSON.stringify(config)).not.toContain('sk-ant-secret-in-overrides')
    for (const name of ['build', 'plan', 'general', 'explore', 'title', 'summary']) {
      expect(config.agent[name]).toEqual({ disable: true })
    }
  })

  it('leaves the reviewer without edit permission, and refuses web tools for the fixer', () => {
    expect(reviewer().permission['edit']).toBeUndefined()
    expect(() => buildOpencodeConfig({ ...input, role: FIXER_AGENT, enableWeb: true })).toThrow(
      /enableWeb: expected false for the fixer/
    )
  })

  it("puts the fixer's prompt under its own agent for the instance config", () => {
    expect(agentPromptConfig(FIXER_AGENT, 'Fix.')).toEqual({
      agent: { [FIXER_AGENT]: { prompt: 'Fix.' } }
    })
    expect(() => agentPromptConfig(FIXER_AGENT, '')).toThrow('expected a non-empty system prompt')
  })
})
