// The layer rules of `npm run lint` fire on the imports the layers forbid, static or dynamic, and allow the rest.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layerRules } from '../../../eslint.layers.js';
import { ROOT } from '../../../scripts/electron-binary.js';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: true,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...layerRules],
});

async function refused(filePath: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax');
}

const cases: [file: string, code: string, refused: boolean][] = [
  ['src/main/agent/x.ts', "import { streamOpenAI } from '../llm/index.js';", true],
  ['src/main/agent/x.ts', "const llm = await import('../llm/index.js');", true],
  ['src/main/agent/x.ts', "import { SessionService } from '../sessions/index.js';", true],
  ['src/main/agent/x.ts', "import { SettingsService } from '../settings/settings-service.js';", true],
  ['src/main/agent/x.ts', "import { app } from 'electron';", true],
  ['src/main/agent/x.ts', "import OpenAI from 'openai';", true],
  ['src/main/agent/x.ts', "import type { Message } from '../../shared/messages.js';", false],
  ['src/main/agent/x.ts', "import { z } from 'zod';", false],
  ['src/main/sessions/x.ts', "import { safeStorage } from 'electron';", true],
  ['src/main/sessions/x.ts', "const { app } = require('electron');", true],
  ['src/main/sessions/x.ts', "import { streamOpenAI } from '../llm/index.js';", true],
  ['src/main/sessions/run/x.ts', "import { streamOpenAI } from '../../llm/stream-openai.js';", true],
  ['src/main/sessions/x.ts', "const { streamOpenAI } = await import('../llm/index.js');", true],
  ['src/main/sessions/x.ts', "import type { StreamFn } from '../agent/index.js';", false],
  ['src/main/settings/x.ts', "import { listModels } from '../llm/index.js';", false],
  ['src/main/settings/x.ts', "import { safeStorage } from 'electron';", true],
  ['src/main/index.ts', "import { app } from 'electron';", false],
  ['src/renderer/src/x.tsx', "import { createAppCore } from '../../main/app-core.js';", true],
  ['src/renderer/src/x.tsx', "import { ipcRenderer } from 'electron';", true],
  ['src/renderer/src/x.tsx', "import { INVOKE_CHANNELS } from '../../shared/ipc';", false],
  ['src/shared/x.ts', "import { AppError } from '../main/ipc/router.js';", true],
  ['src/shared/x.ts', "import { useAppState } from '../renderer/src/store/appState';", true],
  ['src/shared/x.ts', "import { readFile } from 'node:fs/promises';", true],
  ['src/shared/x.ts', "import { AppError } from './errors.js';", false],
];

describe('layer rules', () => {
  it.each(cases)('%s: %s → refused %s', async (file, code, expected) => {
    expect(await refused(file, code)).toBe(expected);
  });
});
