// ESLint (flat config): typescript-eslint with type information, the React hooks rules, the layer rules
// (eslint.layers.js), and eslint-config-prettier last so formatting is Prettier's alone. `npm run lint` runs it
// with --max-warnings 0 together with `prettier --check`.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'release/', 'test-results/', 'playwright-report/', 'bench-results/', 'build/icons/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Store actions and the window.api contract are declared with method syntax but never use `this`; passing them
      // around is how Zustand selectors and the preload work.
      '@typescript-eslint/unbound-method': 'off',
      // `async` marks functions that implement a Promise-returning contract (IPC handlers, fakes, secret boxes).
      '@typescript-eslint/require-await': 'off',
      // A `let` assigned once but read earlier by a closure (app-core's logger reads the settings) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // React event handlers may be async; what they start is handled inside (store actions never reject).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Control characters are stripped on purpose where URLs and attributes are checked.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests read JSON bodies, recorded fixtures and mock arguments, whose shapes the assertions themselves check.
    files: ['test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `getByTestId(…) as HTMLButtonElement` makes TypeScript infer the generic from the assertion, so the rule
      // calls it unnecessary, yet removing it breaks the typecheck.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The rules of hooks. The React Compiler's own diagnostics (also in the plugin's preset) are left out: the app
    // does not use the compiler.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  ...layerRules,
  prettier,
);
