// The layers of the app (renderer, preload, shared, main and its agent core), enforced on imports (static and dynamic). Each block names the files of one layer
// and what they must not reach; test/unit/scripts/layers.test.ts proves every rule fires.

/** One layer: its files and the import specifiers (regexes) it may not use. */
const layer = (name, files, forbidden, why) => {
  const regex = `(${forbidden.join('|')})`;
  const message = `${name} ${why}`;
  return {
    name: `tiny-agent/layers/${name}`,
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message },
        { selector: `CallExpression[callee.name='require'] > Literal[value=/${regex.replaceAll('/', '\\/')}/]`, message },
      ],
    },
  };
};

const MAIN = '(^|/)main(/|$)';
const ELECTRON = '^electron(/|$)';

export const layerRules = [
  layer('the renderer', ['src/renderer/**'], [MAIN, ELECTRON, '^node:'], 'runs in the page: it talks to main only through window.api.'),
  layer(
    'src/shared',
    ['src/shared/**'],
    [MAIN, '(^|/)renderer(/|$)', '(^|/)preload(/|$)', ELECTRON, '^node:'],
    'holds types both processes use: it imports from no other layer and no Node or DOM module.',
  ),
  layer(
    'the agent core',
    ['src/main/agent/**'],
    ['(^|/)(llm|sessions|settings)(/|$)', ELECTRON, '^openai(/|$)'],
    'is provider-agnostic: whoever composes the app passes the stream (streamFn); it imports no provider, session, settings or Electron code.',
  ),
  layer(
    'the session layer',
    ['src/main/sessions/**'],
    [ELECTRON, '(^|/)llm(/|$)'],
    'knows no Electron and no provider: app-core passes the model stream (streamFn) and index.ts binds it to Electron, so it also runs in tests and the e2e harness.',
  ),
  layer(
    'settings',
    ['src/main/settings/**'],
    [ELECTRON],
    'know no Electron: app-core and index.ts bind them to it, so they also run in tests and the e2e harness.',
  ),
];
