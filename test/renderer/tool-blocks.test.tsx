// Tool calls as blocks in the conversation: name and server, arguments, state, result (shortened, images),
// duration; the approval buttons and what they send; the sidebar mark of a session waiting for approval.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResultMessage } from '../../src/shared/messages';
import { DECLINED_TEXT } from '../../src/main/mcp/approvals';
import { useAppState } from '../../src/renderer/src/store/appState';
import { newChatSession } from '../../src/renderer/src/store/openSession';
import { toolsEffect } from '../../src/renderer/src/store/toolsSlice';
import { RESULT_PREVIEW_CHARS } from '../../src/renderer/src/chat/tools/ToolCallBlock';
import { assistant, installLayout, listProps, renderList, user } from './chat-fixtures';
import { createFakeApi, type FakeApi } from './fake-api';
import { settle, startStore } from './harness';

beforeAll(installLayout);

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
  await startStore(fake);
});

const call = (id = 't1', args: Record<string, unknown> = { a: 2, b: 3 }) =>
  assistant('', { toolCalls: [{ id, name: 'fixture__add', arguments: args }] });
const result = (fields: Partial<ToolResultMessage> = {}): ToolResultMessage => ({
  role: 'toolResult',
  toolCallId: 't1',
  toolName: 'fixture__add',
  content: [{ type: 'text', text: '5' }],
  isError: false,
  details: { server: 'fixture', tool: 'add', durationMs: 12 },
  timestamp: 3,
  ...fields,
});
const block = () => screen.getByTestId('tool-call');

describe('a stored tool call', () => {
  it('shows tool, server, state, pretty arguments, the result and the duration in one block; the result row is empty', () => {
    renderList(listProps({ messages: [user('add'), call(), result()] }));
    expect(block().dataset).toMatchObject({ tool: 'add', status: 'done' });
    expect(block().querySelector('summary')?.textContent).toBe('Doneaddon fixture12 ms');
    expect(block().querySelector('pre')?.textContent).toBe('{\n  "a": 2,\n  "b": 3\n}');
    expect(within(block()).getByTestId('tool-result').textContent).toContain('5');
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });

  it.each([
    [{ isError: true, content: [{ type: 'text' as const, text: 'boom' }], details: {} }, 'failed', 'Error'],
    [
      {
        content: [{ type: 'text' as const, text: DECLINED_TEXT }],
        details: { server: 'fixture', tool: 'add', durationMs: 1, denied: true },
      },
      'denied',
      'Result',
    ],
  ])('shows a %j result as %s', (fields, status, label) => {
    renderList(listProps({ messages: [call(), result(fields)] }));
    expect(block().dataset.status).toBe(status);
    expect(within(block()).getByTestId('tool-result').textContent).toContain(label);
  });

  it('shortens a long result with "show all", and says when the server sent more than the model got', () => {
    const text = 'x'.repeat(RESULT_PREVIEW_CHARS * 3);
    renderList(
      listProps({
        messages: [
          call(),
          result({
            content: [{ type: 'text', text }],
            details: { server: 'fixture', tool: 'big', durationMs: 80, originalChars: 10_485_760 },
          }),
        ],
      }),
    );
    const pre = () => within(screen.getByTestId('tool-result')).getByText(/^x+…?$/);
    expect(pre().textContent).toHaveLength(RESULT_PREVIEW_CHARS + 1);
    expect(screen.getByTestId('tool-result').textContent).toContain(
      'The server returned 10485760 characters; the model got the first 4500.',
    );
    fireEvent.click(screen.getByRole('button', { name: `Show all (${text.length} characters)` }));
    expect(pre().textContent).toHaveLength(text.length);
  });

  it('shows MCP images as data: thumbnails', () => {
    renderList(
      listProps({
        messages: [
          call(),
          result({
            content: [
              { type: 'text', text: 'a 2x2 image' },
              { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
            ],
          }),
        ],
      }),
    );
    const img = within(block()).getByRole('img', { name: 'Image from add' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});

describe('approval', () => {
  it('a call waiting for approval opens with Allow once / Always allow / Deny; the answer goes to main and the buttons go away', async () => {
    const session = fake.addSession({ name: 'tools' });
    act(() => {
      useAppState.setState({ currentSession: { ...newChatSession(), id: session.id }, isTyping: true });
      useAppState.setState(
        toolsEffect(useAppState.getState(), {
          sessionId: session.id,
          runId: 'r',
          seq: 1,
          event: { type: 'tool', state: { toolCallId: 't1', status: 'approval', server: 'fixture', tool: 'add', startedAt: 1 } },
        }),
      );
    });
    renderList(listProps({ messages: [call()] }));
    expect(block().dataset.status).toBe('approval');
    expect(block().hasAttribute('open')).toBe(true);
    expect(useAppState.getState().approvals[session.id]).toEqual(['t1']);
    fireEvent.click(screen.getByTestId('tool-approve-always'));
    await settle();
    expect(fake.callsOf('approveTool')).toEqual([{ sessionId: session.id, toolCallId: 't1', decision: 'always' }]);
    expect(screen.queryByTestId('tool-approve')).toBeNull();
    expect(useAppState.getState().approvals[session.id]).toEqual([]);
  });

  it('a run_end clears the session’s pending approvals', () => {
    const state = toolsEffect(
      { toolCalls: {}, approvals: { s: ['t1'] }, chatServers: {}, mcp: null },
      {
        sessionId: 's',
        runId: 'r',
        seq: 2,
        event: {
          type: 'run_end',
          committed: true,
          summary: { id: 's', name: '', createdAt: 0, updatedAt: 0, messageCount: 1, model: 'm', isStreaming: false, pinned: false },
        },
      },
    );
    expect(state.approvals).toEqual({ s: [] });
  });
});

describe('the chat’s servers', () => {
  it('names the servers whose tools the model gets, saves a choice with the chat and can go back to the default', async () => {
    const { render } = await import('@testing-library/react');
    const { ChatServersPicker } = await import('../../src/renderer/src/chat/tools/ChatServersPicker');
    const server = (name: string, enabled = true) => ({
      name,
      transport: 'stdio' as const,
      command: 'x',
      envKeys: [],
      headerKeys: [],
      enabled,
      alwaysAllow: [],
      disabledTools: [],
      state: { status: 'idle' as const },
    });
    fake.mcp.servers = [
      { ...server('files'), state: { status: 'ready' as const, toolCount: 4, tools: ['a', 'b', 'c', 'd'], notOffered: ['d'] } },
      server('web'),
      server('off', false),
    ];
    const session = fake.addSession({ name: 'tools' });
    act(() => useAppState.setState({ currentSession: { ...newChatSession(), id: session.id } }));
    render(<ChatServersPicker />);
    await settle();
    const picker = screen.getByTestId('chat-servers');
    const summary = screen.getByTestId('chat-servers-summary');
    expect([summary.textContent, summary.title]).toEqual([
      'MCP tools: files, web',
      'The model may use the tools of these MCP servers in this chat. Click to choose which.\nfiles: 3 tools\nweb: starts when the model first needs it',
    ]);
    fireEvent.click(within(picker).getByRole('checkbox', { name: /^web\b/ }));
    await settle();
    expect(fake.callsOf('setSessionServers')).toEqual([{ sessionId: session.id, servers: ['files'] }]);
    expect([summary.textContent, summary.title.split('\n').slice(1)]).toEqual([
      'MCP tools: files',
      ['files: 3 tools', 'web: off in this chat'],
    ]);
    fireEvent.click(within(picker).getByRole('checkbox', { name: /^files\b/ }));
    await settle();
    expect([summary.textContent, summary.title.split('\n')[0]]).toEqual([
      'MCP tools: off',
      'The model gets no MCP tools in this chat. Click to choose servers.',
    ]);
    fireEvent.click(within(picker).getByRole('button', { name: 'Use the default (every enabled server)' }));
    await settle();
    expect(fake.callsOf('setSessionServers').at(-1)).toEqual({ sessionId: session.id, servers: null });
    expect(summary.textContent).toBe('MCP tools: files, web');
  });
});
