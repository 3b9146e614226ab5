// What the strip above the composer says of a chat's MCP servers, by table: its line names the servers on in this
// chat (stale names ignored), its tooltip says per enabled server what it offers or why not yet, in both languages.
import { describe, expect, it } from 'vitest';
import type { McpServerState, McpServerView } from '../../src/shared/mcp';
import { translate, type Locale } from '../../src/renderer/src/i18n';
import { serversSummary } from '../../src/renderer/src/chat/tools/serversSummary';

const server = (name: string, state: McpServerState): McpServerView => ({
  name,
  transport: 'stdio',
  command: 'x',
  envKeys: [],
  headerKeys: [],
  enabled: true,
  alwaysAllow: [],
  disabledTools: [],
  state,
});
const SERVERS = [
  server('files', { status: 'ready', toolCount: 5, tools: ['a', 'b', 'c', 'd', 'long_job'], notOffered: ['long_job'] }),
  server('one', { status: 'ready', toolCount: 1, tools: ['a'] }),
  server('web', { status: 'starting' }),
  server('git', { status: 'error', message: 'spawn git-mcp ENOENT', stderr: [] }),
  server('db', { status: 'stopped' }),
  server('later', { status: 'idle' }),
];
const summary = (locale: Locale, active: string[]) => serversSummary(SERVERS, active, (key, vars) => translate(locale, key, vars));

describe('the chat servers strip', () => {
  it.each([
    ['en', ['files', 'one', 'web', 'git', 'db', 'later'], 'MCP tools: files, one, web, git, db, later', 6],
    ['en', ['files', 'gone-from-settings'], 'MCP tools: files', 1],
    ['en', [], 'MCP tools: off', 0],
    ['zh-CN', ['files', 'web'], 'MCP 工具：files、web', 2],
    ['zh-CN', [], 'MCP 工具：已关闭', 0],
  ] as const)('%s, on: %j → "%s"', (locale, active, label, on) => {
    expect(summary(locale, [...active])).toMatchObject({ label, on });
  });

  it('the tooltip says what the strip does, then each enabled server on a line', () => {
    expect(summary('en', ['files', 'one', 'web', 'git', 'db', 'later']).tooltip.split('\n')).toEqual([
      'The model may use the tools of these MCP servers in this chat. Click to choose which.',
      'files: 4 tools',
      'one: 1 tool',
      'web: starting…',
      'git: failed to start',
      'db: stopped',
      'later: starts when the model first needs it',
    ]);
    expect(summary('zh-CN', ['files']).tooltip.split('\n')).toEqual([
      '在这个对话中，模型可以使用这些 MCP 服务器的工具。点击选择使用哪些。',
      'files：4 个工具',
      'one：在这个对话中已关闭',
      'web：在这个对话中已关闭',
      'git：在这个对话中已关闭',
      'db：在这个对话中已关闭',
      'later：在这个对话中已关闭',
    ]);
    expect(summary('en', []).tooltip.split('\n')[0]).toBe('The model gets no MCP tools in this chat. Click to choose servers.');
  });
});
