import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import codeShape from './eslint/code-shape.mjs'

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/github/*', '**/opencode/*'],
              message: 'Adapters are reached through ports; only main.ts wires them.'
            }
          ]
        }
      ]
    }
  },
  {
    // The composition root, the adapters themselves and tests may import adapters.
    files: [
      'src/main.ts',
      'src/post.ts',
      'src/action/review-deps.ts',
      'src/github/**',
      'src/opencode/**',
      '__tests__/**',
      'bench/**',
      'scripts/**'
    ],
    rules: { 'no-restricted-imports': 'off' }
  },
  {
    // Local mode composes the engine with git instead of GitHub: it starts the
    // agent (opencode/) like the composition root, and never reaches GitHub.
    files: ['src/local/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/github/*'], message: 'local/ must not import github/.' }] }
      ]
    }
  },
  {
    // The two adapters never import each other.
    files: ['src/github/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/opencode/*'], message: 'github/ must not import opencode/.' }] }
      ]
    }
  },
  {
    files: ['src/opencode/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/github/*'], message: 'opencode/ must not import github/.' }] }
      ]
    }
  },
  ...codeShape
)
