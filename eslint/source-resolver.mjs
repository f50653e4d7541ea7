// How the linter finds the file an import names. The sources are ESM
// TypeScript compiled with NodeNext: `import './x.js'` means `./x.ts` on
// disk, so `.js` specifiers try `.ts` first. Packages resolve through their
// `exports` like Node does. Shared by the layer zones and the cycle rule so
// both see the same files.
import { createNodeResolver } from 'eslint-plugin-import-x'

export const sourceResolver = createNodeResolver({
  extensions: ['.ts', '.mjs', '.js', '.json', '.node'],
  extensionAlias: { '.js': ['.ts', '.js'], '.mjs': ['.mts', '.mjs'] },
  conditionNames: ['types', 'import', 'require', 'default']
})
