// MCP in the window: a server's row in Settings (its button named after what it does, its tools on or off, those
// never offered, the cap per request, Remove asked first, a new server's Save that starts it), the chat's server
// picker past the cap, and a running call's progress on its block.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { McpServerState, McpServerView, ToolCallState } from '../../src/shared/mcp';
import { useAppState } from '../../src/renderer/src/store/appState';
import { newChatSession } from '../../src/renderer/src/store/openSession';
import { toolsEffect } from '../../src/renderer/src/store/toolsSlice';
import { McpSettings } from '../../src/renderer/src/components/settings/McpSettings';
import { ChatServersPicker } from '../../src/renderer/src/chat/tools/ChatServersPicker';
import { assistant, installLayout, listProps, renderList } from './chat-fixtures';
import { createFakeApi, type FakeApi } from './fake-api';
import { settle, startStore } from './harness';

beforeAll(installLayout);

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
  await startStore(fake);
});

const server = (name: string, state: McpServerState, fields: Partial<McpServerView> = {}): McpServerView => ({
  name,
  transport: 'stdio',
  command: 'node',
  envKeys: [],
  headerKeys: [],
  enabled: true,
  alwaysAllow: [],
  disabledTools: [],
  state,
  ...fields,
});
const ready = (tools: string[], notOffered?: string[]): McpServerState => ({
  status: 'ready',
  toolCount: tools.length,
  tools,
  ...(notOffered && { notOffered }),
});
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const row = (name: string) => screen.getAllByTestId('mcp-server').find((el) => el.dataset.server === name)!;

async function showSettings(servers: McpServerView[]): Promise<void> {
  fake.mcp.servers = servers;
  render(<McpSettings />);
  await settle();
}

describe('a server in Settings', () => {
  it('its button says what it does: Start when not started or off, Restart when ready, Try again after a failure', async () => {
    await showSettings([
      server('idle', { status: 'idle' }),
      server('ready', ready(['a'])),
      server('broken', { status: 'error', message: 'Command not found: x', stderr: [] }),
      server('starting', { status: 'starting' }),
    ]);
    const button = (name: string) => within(row(name)).getByTestId('mcp-restart') as HTMLButtonElement;
    expect(['idle', 'ready', 'broken', 'starting'].map((name) => [button(name).textContent, button(name).disabled])).toEqual([
      ['Start', false],
      ['Restart', false],
      ['Try again', false],
      ['Starting…', true],
    ]);
  });

  it('lists its tools with a box each; one turned off is saved at once; a task-only tool is shown as not offered', async () => {
    await showSettings([server('files', ready(['read', 'write', 'job'], ['job']), { disabledTools: ['write'] })]);
    const tools = within(row('files')).getByTestId('mcp-tools');
    expect(tools.querySelector('summary')!.textContent).toBe('Tools: 1 of 2 on · 1 not offered');
    expect(
      within(tools)
        .getAllByTestId('mcp-tool')
        .map((el) => `${el.dataset.tool}:${el.dataset.on}`),
    ).toEqual(['read:true', 'write:false', 'job:false']);
    const job = within(tools).getByRole('checkbox', { name: 'job' }) as HTMLInputElement;
    expect(job.disabled).toBe(true);
    expect(job.getAttribute('aria-describedby') && document.getElementById(job.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Runs only as an MCP task, which Tiny Agent does not run: not offered to the model.',
    );
    fireEvent.click(within(tools).getByRole('checkbox', { name: 'write' }));
    await settle();
    expect(fake.callsOf('setMcpTools')).toEqual([{ server: 'files', tools: ['write'], on: true }]);
    expect(within(tools).getByRole('checkbox', { name: 'write' })).toHaveProperty('checked', true);
    fireEvent.click(within(tools).getByTestId('mcp-tools-all-off'));
    await settle();
    expect(fake.callsOf('setMcpTools').at(-1)).toEqual({ server: 'files', tools: ['read', 'write'], on: false });
  });

  it('a box shows its new state as soon as it is clicked; a change main refuses is put back and said', async () => {
    await showSettings([server('files', ready(['read', 'write']))]);
    fake.failNext('setMcpTools', 'storage', 'mcp.json could not be saved: disk full');
    const box = () => within(row('files')).getByRole('checkbox', { name: 'read' }) as HTMLInputElement;
    fireEvent.click(box());
    expect(box().checked).toBe(false);
    await settle();
    expect(box().checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('mcp.json could not be saved: disk full');
  });

  it('says when more tools are on than one request carries, for the server and for all servers', async () => {
    await showSettings([server('many', ready(numbered(3_000))), server('few', ready(numbered(3)))]);
    expect(within(row('many')).getByTestId('mcp-tool-cap').textContent).toBe(
      'A request carries at most 128 tools and 3000 are on here: the ones past 128 are left out. Turn off the tools chats do not need.',
    );
    expect(within(row('few')).queryByTestId('mcp-tool-cap')).toBeNull();
    expect(screen.getByTestId('mcp-tool-cap-all').textContent).toContain('The enabled servers have 3003 tools on.');
    // A filter narrows the list, and the bulk buttons then act on what it shows.
    fireEvent.change(within(row('many')).getByRole('searchbox', { name: 'Filter tools' }), { target: { value: 't29' } });
    fireEvent.click(within(row('many')).getByRole('button', { name: 'Turn these off' }));
    await settle();
    expect(fake.callsOf('setMcpTools').at(-1)!.tools).toHaveLength(111);
  });

  it('Remove asks first, and is not the loudest button of the row', async () => {
    await showSettings([server('files', ready(['read']))]);
    const remove = within(row('files')).getByTestId('mcp-remove');
    expect(remove.className.split(' ')).not.toContain('danger');
    fireEvent.click(remove);
    expect(fake.callsOf('removeMcpServer')).toEqual([]);
    expect(within(row('files')).getByRole('alertdialog').textContent).toContain(
      'Remove the server "files" and its saved values? Chats that use it go on without its tools.',
    );
    fireEvent.click(within(row('files')).getByTestId('mcp-remove-yes'));
    await settle();
    expect(fake.callsOf('removeMcpServer')).toEqual([{ name: 'files' }]);
  });

  it('a new server’s button says it is added and started, and its tools show open once it is ready', async () => {
    await showSettings([]);
    fireEvent.click(screen.getByTestId('mcp-add'));
    fireEvent.change(screen.getByTestId('mcp-name'), { target: { value: 'files' } });
    fireEvent.change(screen.getByTestId('mcp-command'), { target: { value: 'node' } });
    expect(screen.getByTestId('mcp-save').textContent).toBe('Add and start');
    fireEvent.click(screen.getByTestId('mcp-save'));
    await settle();
    expect(fake.callsOf('saveMcpServer')).toEqual([
      { name: 'files', transport: 'stdio', enabled: true, command: 'node', args: [], cwd: '', env: {} },
    ]);
    fake.mcp.servers[0]!.state = ready(['read', 'write']);
    await act(() => useAppState.getState().loadMcp());
    const tools = within(row('files')).getByTestId('mcp-tools') as HTMLDetailsElement;
    expect(tools.open).toBe(true);
    expect(
      within(tools)
        .getAllByTestId('mcp-tool')
        .map((el) => el.dataset.tool),
    ).toEqual(['read', 'write']);
  });
});

describe('the chat’s server picker', () => {
  it('says how many tools each server has on, and past 128 how many a request leaves out', async () => {
    fake.mcp.servers = [server('many', ready(numbered(150)), { disabledTools: ['t1', 't2'] }), server('few', ready(numbered(3)))];
    const session = fake.addSession({ name: 'tools' });
    act(() => useAppState.setState({ currentSession: { ...newChatSession(), id: session.id } }));
    render(<ChatServersPicker />);
    await settle();
    const picker = screen.getByTestId('chat-servers');
    expect(picker.querySelector('summary')!.textContent).toBe('MCP tools: many, few · 128 of 151 tools');
    expect(within(picker).getByRole('checkbox', { name: /^many\s*148 tools$/ })).toBeTruthy();
    expect(within(picker).getByTestId('chat-servers-cap').textContent).toBe(
      '151 tools are on for this chat; a request carries at most 128, so 23 are left out. Choose tools in Settings',
    );
    fireEvent.click(within(picker).getByRole('checkbox', { name: /^many\s*148 tools$/ }));
    await settle();
    expect(picker.querySelector('summary')!.textContent).toBe('MCP tools: few');
    expect(within(picker).queryByTestId('chat-servers-cap')).toBeNull();
  });
});

describe('a running call', () => {
  const running = (progress?: ToolCallState['progress']): ToolCallState => ({
    toolCallId: 't1',
    status: 'running',
    server: 'fixture',
    tool: 'progress',
    startedAt: 1,
    ...(progress && { progress }),
  });
  const showLive = (state: ToolCallState) =>
    act(() =>
      useAppState.setState(toolsEffect(useAppState.getState(), { sessionId: 's', runId: 'r', seq: 1, event: { type: 'tool', state } })),
    );

  it('shows the server’s progress on its block: words, bar and share; a count when there are no words or total', () => {
    act(() => useAppState.setState({ isTyping: true }));
    showLive(running());
    renderList(listProps({ messages: [assistant('', { toolCalls: [{ id: 't1', name: 'fixture__progress', arguments: {} }] })] }));
    const block = screen.getByTestId('tool-call');
    expect(within(block).queryByTestId('tool-progress')).toBeNull();
    showLive(running({ progress: 3, total: 8, message: 'Copying files' }));
    const progress = within(block).getByTestId('tool-progress');
    expect(progress.textContent).toBe('Copying files · 38%');
    expect((progress.querySelector('progress') as HTMLProgressElement).value).toBe(38);
    showLive(running({ progress: 4, total: 8 }));
    expect(within(block).getByTestId('tool-progress').textContent).toBe('4 of 8 · 50%');
    showLive(running({ progress: 12 }));
    expect(within(block).getByTestId('tool-progress').textContent).toBe('step 12');
    expect(within(block).getByTestId('tool-progress').querySelector('progress')).toBeNull();
    showLive({ ...running({ progress: 12 }), status: 'done', endedAt: 5 });
    expect(within(block).queryByTestId('tool-progress')).toBeNull();
  });
});
