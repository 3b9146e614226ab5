// Built-in tools in Settings: the engine, URL and key go to main; the key is never shown back, only whether one is saved;
// each tool's row shows its state and changes its policy.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { WebToolsSettings } from '../../src/renderer/src/components/settings/WebToolsSettings';
import { createFakeApi, type FakeApi } from './fake-api';
import { settle, startStore } from './harness';

let fake: FakeApi;
beforeEach(async () => {
  fake = createFakeApi();
  await startStore(fake);
});

it('saves a keyed engine without ever showing the key, and sets a tool to always allowed', async () => {
  render(<WebToolsSettings />);
  await settle();
  const row = (id: string) => screen.getAllByTestId('builtin-tool').find((r) => r.dataset.tool === id)!;
  expect(screen.getAllByTestId('builtin-tool').map((r) => `${r.dataset.tool}:${r.dataset.ready}`)).toEqual([
    'web_search:false',
    'fetch_page:true',
    'run_python:true',
  ]);
  fireEvent.change(screen.getByTestId('web-search-engine'), { target: { value: 'brave' } });
  fireEvent.change(screen.getByTestId('web-search-url'), { target: { value: 'https://api.search.brave.com' } });
  fireEvent.change(screen.getByTestId('web-search-key'), { target: { value: 'BSA-secret-123' } });
  fireEvent.click(screen.getByTestId('web-search-save'));
  await settle();
  expect(fake.builtinTools.webSearch).toMatchObject({ engine: 'brave', hasKey: true });
  expect(row('web_search').dataset.ready).toBe('true');
  const key = screen.getByTestId('web-search-key') as HTMLInputElement;
  expect([key.value, key.placeholder]).toEqual(['', 'A key is saved (leave empty to keep it)']);
  expect(document.body.innerHTML).not.toContain('BSA-secret-123');

  fireEvent.change(within(row('run_python')).getByRole('combobox'), { target: { value: 'always' } });
  await settle();
  expect(fake.builtinTools.tools.find((t) => t.id === 'run_python')!.policy).toBe('always');
});

it('lists the private hosts fetch_page may read: add one (as main keeps it), remove it, and a refusal is said', async () => {
  render(<WebToolsSettings />);
  await settle();
  const hosts = () => screen.queryAllByTestId('web-allowed-host').map((li) => li.dataset.host);
  expect([hosts(), screen.getByTestId('web-allowed-hosts-none').textContent]).toEqual([[], 'None: only public addresses are read.']);
  const field = screen.getByTestId('web-allowed-host-input') as HTMLInputElement;
  fireEvent.change(field, { target: { value: ' Wiki.LAN ' } });
  fireEvent.click(screen.getByTestId('web-allowed-host-add'));
  await settle();
  fireEvent.change(field, { target: { value: '127.0.0.1' } });
  fireEvent.submit(field.form!);
  await settle();
  expect(fake.callsOf('setFetchAllowedHosts')).toEqual([{ hosts: ['Wiki.LAN'] }, { hosts: ['wiki.lan', '127.0.0.1'] }]);
  expect([hosts(), field.value]).toEqual([['wiki.lan', '127.0.0.1'], '']);

  fireEvent.click(screen.getByRole('button', { name: 'Remove wiki.lan' }));
  await settle();
  expect(hosts()).toEqual(['127.0.0.1']);

  fake.failNext('setFetchAllowedHosts', 'invalid_input', 'host must be a host name or an IP address');
  fireEvent.change(field, { target: { value: 'http://x' } });
  fireEvent.click(screen.getByTestId('web-allowed-host-add'));
  await settle();
  expect(screen.getByRole('alert').textContent).toBe('The change could not be saved: host must be a host name or an IP address');
  expect([hosts(), field.value]).toEqual([['127.0.0.1'], 'http://x']);
});
