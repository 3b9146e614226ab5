// A server the person adds to mcp.json by hand while the app runs survives every kind of change made in Settings.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { McpService } from '../../src/main/mcp/mcp-service.js';
import { unavailableSecretBox } from '../../src/main/settings/secret-box.js';
import { testSecretBox } from '../fixtures/test-secret-box.js';

const open: McpService[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((service) => service.dispose()));
});

const HAND_ADDED = { command: 'hand-server', args: ['--from-an-editor'] };

it.each([
  ['save (add)', (mcp: McpService) => mcp.saveServer({ name: 'added', transport: 'stdio', command: 'added-server', enabled: true })],
  [
    'save (edit)',
    (mcp: McpService) => mcp.saveServer({ previousName: 'app', name: 'app', transport: 'stdio', command: 'edited', enabled: false }),
  ],
  ['remove', (mcp: McpService) => mcp.removeServer('app')],
  ['revoke', (mcp: McpService) => mcp.revoke('app', 'search')],
  ['options', (mcp: McpService) => mcp.setOptions({ startAtLaunch: false })],
  ['Always allow', (mcp: McpService) => mcp.allowAlways('app', 'fetch')],
  ['import', (mcp: McpService) => mcp.importConfig('{"pasted": {"command": "pasted-server"}}')],
])('a server added to mcp.json by hand survives %s in Settings, and the service knows it', async (_change, change) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-hand-'));
  const path = join(dataDir, 'mcp.json');
  const mcp = await McpService.open({ dataDir, secrets: testSecretBox });
  open.push(mcp);
  await mcp.importConfig(JSON.stringify({ mcpServers: { app: { command: 'app-server', alwaysAllow: ['search'] } } }));

  const onDisk = JSON.parse(readFileSync(path, 'utf8'));
  onDisk.mcpServers.hand = HAND_ADDED;
  writeFileSync(path, JSON.stringify(onDisk, null, 2));
  await change(mcp);

  expect(JSON.parse(readFileSync(path, 'utf8')).mcpServers.hand).toEqual(HAND_ADDED);
  expect((await mcp.view()).servers.find((s) => s.name === 'hand')).toMatchObject({ command: 'hand-server', args: ['--from-an-editor'] });
});

it('changes made at the same moment each apply to the result of the one before', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-hand-'));
  const mcp = await McpService.open({ dataDir, secrets: testSecretBox });
  open.push(mcp);
  await mcp.importConfig('{"app": {"command": "app-server"}}');
  await Promise.all([mcp.allowAlways('app', 'create_relations'), mcp.allowAlways('app', 'add_observations')]);
  expect(JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')).mcpServers.app.alwaysAllow).toEqual([
    'create_relations',
    'add_observations',
  ]);
});

it('without encryption a secret held for this run only outlives a hand edit of the file', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-hand-'));
  const path = join(dataDir, 'mcp.json');
  const mcp = await McpService.open({ dataDir, secrets: unavailableSecretBox });
  open.push(mcp);
  await mcp.saveServer({ name: 'app', transport: 'stdio', command: 'app-server', env: { TOKEN: 'kept-in-memory' }, enabled: true });
  expect(readFileSync(path, 'utf8')).not.toContain('kept-in-memory');

  const onDisk = JSON.parse(readFileSync(path, 'utf8'));
  onDisk.mcpServers.hand = HAND_ADDED;
  writeFileSync(path, JSON.stringify(onDisk));
  await mcp.setOptions({ startAtLaunch: true });

  expect((await mcp.view()).servers.map((s) => [s.name, s.envKeys])).toEqual([
    ['app', ['TOKEN']],
    ['hand', []],
  ]);
});
