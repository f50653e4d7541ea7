/** How the reviewer names itself in reports other tools read (SARIF's tool.driver). */
export const TOOL_NAME = 'review-my-code-bot'

/** The package's version; kept equal to package.json's `version` (a test checks). */
export const TOOL_VERSION = '0.1.0'
