import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { layerConfigs } from './eslint/layers.mjs'
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
      ]
    }
  },
  // Which folder of src/ may import which, which packages stay behind which
  // fence, and no import cycles: the table is in eslint/layers.mjs.
  ...layerConfigs,
  ...codeShape
)
