// ESLint for every JavaScript file we write: the page shell and service
// worker (web/), the app's Emscripten library (src/app/js/), and the Node
// scripts, tests and benchmarks. Run by scripts/test (npx eslint .).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/**', 'node_modules/**', '.deps/**', 'artifacts/**', 'tests/browser/fixtures/**'] },
  js.configs.recommended,
  {
    rules: {
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // The demo host imports the message names the build writes (embed-messages.js).
    files: ['web/embed.js'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['web/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Linked into reversi.js by Emscripten (--js-library): its runtime's names are in scope.
    files: ['src/app/js/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        ...globals.browser,
        mergeInto: 'readonly', LibraryManager: 'readonly', Module: 'readonly', UTF8ToString: 'readonly',
        stringToUTF8: 'readonly', lengthBytesUTF8: 'readonly', _malloc: 'readonly', _free: 'readonly',
        ReversiPage: 'readonly', ReversiStorage: 'readonly', ReversiSocket: 'readonly',
      },
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // Functions the browser tests run inside the page.
    files: ['tests/browser/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
