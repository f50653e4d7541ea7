/**
 * The shape of the code under src/: one way to say what went wrong, and
 * functions short enough to read as named steps.
 *
 * - The text of an unknown error comes from getErrorMessage
 *   (src/core/errors/error-message.ts), never from `instanceof Error ? ...`,
 *   `(e as Error).message` or `String(e)` on a caught value.
 * - zod issues become text only in src/core/errors/zod-issues.ts, which names
 *   the field, what was expected and what was received.
 * - A function has at most 60 lines of code (blank lines and comments aside).
 */

/** Names a caught value goes by in this code base. */
const CAUGHT = '/^(e|err|error|caught)$/'
/** Where a value is caught: a catch block, or a promise's .catch callback. */
const CATCHING = ":matches(CatchClause, CallExpression[callee.property.name='catch'])"

const USE_GET_ERROR_MESSAGE =
  'Use getErrorMessage(error) from src/core/errors/error-message.ts for the text of an unknown error.'
const USE_ZOD_ISSUES =
  'Turn zod issues into text with formatZodIssues from src/core/errors/zod-issues.ts.'

const errorText = [
  {
    selector:
      "ConditionalExpression[test.type='BinaryExpression'][test.operator='instanceof'][test.right.name='Error']",
    message: USE_GET_ERROR_MESSAGE
  },
  {
    selector: "MemberExpression[object.type='TSAsExpression'][property.name='message']",
    message: USE_GET_ERROR_MESSAGE
  },
  {
    selector: `${CATCHING} MemberExpression[object.name=${CAUGHT}][property.name='message']`,
    message: USE_GET_ERROR_MESSAGE
  },
  {
    selector: `${CATCHING} CallExpression[callee.name='String'][arguments.0.name=${CAUGHT}]`,
    message: USE_GET_ERROR_MESSAGE
  },
  {
    selector: `${CATCHING} TemplateLiteral > Identifier.expressions[name=${CAUGHT}]`,
    message: USE_GET_ERROR_MESSAGE
  }
]

const zodIssueText = [
  {
    selector:
      "CallExpression[callee.object.property.name='issues'][callee.property.name=/^(map|flatMap|forEach|reduce|join)$/]",
    message: USE_ZOD_ISSUES
  },
  { selector: "ForOfStatement[right.property.name='issues']", message: USE_ZOD_ISSUES },
  {
    selector: "MemberExpression[computed=true][object.property.name='issues']",
    message: USE_ZOD_ISSUES
  },
  {
    selector: 'CallExpression[callee.property.name=/^(prettifyError|treeifyError|flattenError)$/]',
    message: USE_ZOD_ISSUES
  },
  {
    // A ZodError's own message is its issues as JSON.
    selector:
      "MemberExpression[property.name='message'][object.property.name='error'][object.object.name='parsed']",
    message: USE_ZOD_ISSUES
  }
]

export default [
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...errorText, ...zodIssueText],
      'max-lines-per-function': [
        'error',
        { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }
      ]
    }
  },
  {
    // The two helpers themselves.
    files: ['src/core/errors/**'],
    rules: { 'no-restricted-syntax': 'off' }
  }
]
