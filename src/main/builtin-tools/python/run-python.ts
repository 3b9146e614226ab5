// The built-in tool `run_python`: the model's Python program runs in a sandboxed Pyodide thread (python-runner.ts);
// what it printed, its last value and the pictures it wrote come back as the tool result, a traceback as a tool error.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AgentToolResult, ImagePart, TextPart } from '../../agent/types.js';
import type { BuiltinToolContext, BuiltinToolDefinition } from '../types.js';
import type { PythonOutputFile } from './protocol.js';
import { PythonRunner, pyodideIndexURL, type PythonRunOutcome } from './python-runner.js';
import { PYTHON_STRINGS, type PythonStrings } from './strings.js';

/** What the tool block keeps besides the text: the streams, the value and the files the program wrote. */
export interface RunPythonDetails {
  stdout: string;
  stderr: string;
  value?: string;
  files: Array<{ name: string; size: number }>;
}

interface RunPythonArgs {
  code: string;
}

/** The tool's definition over one runner (one warm interpreter shared by every chat; each run still gets a fresh one). */
export function createRunPythonDefinition(runner: PythonRunner = new PythonRunner()): BuiltinToolDefinition {
  return {
    id: 'run_python',
    ready: () => {
      try {
        return existsSync(path.join(pyodideIndexURL(), 'pyodide.asm.wasm'));
      } catch {
        return false;
      }
    },
    create: (context: BuiltinToolContext) => {
      const strings = PYTHON_STRINGS[context.language];
      const seconds = Math.round(runner.limits.timeoutMs / 1000);
      const memoryMb = runner.limits.memoryMb;
      return {
        name: 'run_python',
        description: strings.description({ seconds, memoryMb }),
        parameters: {
          type: 'object',
          properties: { code: { type: 'string', description: strings.codeParameter } },
          required: ['code'],
          additionalProperties: false,
        },
        execute: async (
          _toolCallId: string,
          args: RunPythonArgs,
          signal: AbortSignal,
          onUpdate: (partial: AgentToolResult<RunPythonDetails>) => void,
        ): Promise<AgentToolResult<RunPythonDetails>> => {
          const code = typeof args?.code === 'string' ? args.code : '';
          if (!code.trim()) throw new Error(strings.emptyCode);
          // What the program prints so far shows in the tool block while it runs.
          const live = { stdout: '', stderr: '' };
          const outcome = await runner.run(code, signal, (stream, text) => {
            live[stream] += text;
            const shown = [section(strings.stdout, live.stdout), section(strings.stderr, live.stderr)].filter(Boolean).join('\n\n');
            onUpdate({ content: [{ type: 'text', text: shown }], details: { ...live, files: [] } });
          });
          return present(outcome, strings, { seconds, memoryMb });
        },
      };
    },
  };
}

function present(
  outcome: PythonRunOutcome,
  strings: PythonStrings,
  limits: { seconds: number; memoryMb: number },
): AgentToolResult<RunPythonDetails> {
  const streams = [section(strings.stdout, outcome.stdout), section(strings.stderr, outcome.stderr)].filter(Boolean);
  const fail = (headline: string, traceback?: string): never => {
    throw new Error([headline, traceback, ...streams].filter(Boolean).join('\n\n'));
  };
  switch (outcome.kind) {
    case 'timeout':
      return fail(strings.timedOut(limits.seconds));
    case 'stopped':
      return fail(strings.stopped);
    case 'load-failed':
      return fail(strings.loadFailed(outcome.detail));
    case 'crashed':
      return fail(outcome.outOfMemory ? strings.outOfMemory(limits.memoryMb) : strings.crashed(outcome.detail));
    case 'finished':
      break;
  }
  if (outcome.error !== undefined) {
    return fail(outcome.outOfMemory ? strings.outOfMemory(limits.memoryMb) : '', outcome.error.trimEnd());
  }
  const pictures: ImagePart[] = [];
  const notes: string[] = [];
  for (const file of outcome.files) {
    if (file.image) pictures.push({ type: 'image', mimeType: file.image.mimeType, data: Buffer.from(file.image.data).toString('base64') });
    else if (isPictureName(file.name)) notes.push(strings.imageTooLarge(file.name));
  }
  const parts = [...streams];
  if (outcome.value !== undefined) parts.push(`${strings.value}: ${outcome.value}`);
  if (outcome.files.length) parts.push(`${strings.files}: ${outcome.files.map(describeFile).join(', ')}`);
  parts.push(...notes);
  const text = parts.length ? parts.join('\n\n') : strings.noOutput;
  const content: Array<TextPart | ImagePart> = [{ type: 'text', text }, ...pictures];
  return {
    content,
    details: {
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      ...(outcome.value !== undefined ? { value: outcome.value } : {}),
      files: outcome.files.map(({ name, size }) => ({ name, size })),
    },
  };
}

function section(title: string, text: string): string {
  const body = text.replace(/\n$/, '');
  return body ? `${title}:\n${body}` : '';
}

function describeFile(file: PythonOutputFile): string {
  return `${file.name} (${file.size} B)`;
}

function isPictureName(name: string): boolean {
  return /\.(png|jpe?g|gif|webp)$/i.test(name);
}
