import { describe, expect, it } from 'vitest';
import { parseMcpConfig, serializeMcpConfig } from '../../../src/main/mcp/config.js';
import { namespacedTools, convertResult, MAX_RESULT_CHARS } from '../../../src/main/mcp/tool-adapter.js';

describe('mcp.json', () => {
  it('reads the Claude Desktop mcpServers format and writes it back', () => {
    const text = JSON.stringify({
      mcpServers: {
        files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { TOKEN: 't' } },
        remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, disabled: true, alwaysAllow: ['search'] },
      },
    });
    const parsed = parseMcpConfig(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.config.servers.map((s) => [s.name, s.transport, s.enabled])).toEqual([
      ['files', 'stdio', true],
      ['remote', 'http', false],
    ]);
    expect(parseMcpConfig(serializeMcpConfig(parsed.config))).toEqual(parsed);
  });

  it('accepts a pasted bare server map', () => {
    const parsed = parseMcpConfig('{"calc": {"command": "calc-server"}}');
    expect(parsed.ok && parsed.config.servers[0]!.name).toBe('calc');
  });

  it.each([
    ['{ not json', /not valid JSON/],
    ['{"mcpServers": {"a b": {"command": "x"}}}', /letters, digits/],
    ['{"mcpServers": {"a": {"args": []}}}', /needs a "command" or a "url"/],
    ['{"mcpServers": {"a": {"command": 5}}}', /mcpServers format/],
  ])('refuses %s with a readable reason', (text, reason) => {
    const parsed = parseMcpConfig(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.message).toMatch(reason);
  });
});

describe('tool names', () => {
  it('namespaces by server so two servers never collide, within OpenAI’s name rules', () => {
    const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
    const names = namespacedTools([
      { name: 'a', tools: [tool('search'), tool('do.it'), tool('do_it')] },
      { name: 'b', tools: [tool('search'), tool('x'.repeat(80))] },
    ]).map((t) => t.name);
    expect(names.slice(0, 4)).toEqual(['a__search', 'a__do_it', 'a__do_it_2', 'b__search']);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});

describe('results', () => {
  it('keeps text and images, shortens long text and says how long it was', () => {
    const long = convertResult({ content: [{ type: 'text', text: 'x'.repeat(MAX_RESULT_CHARS + 5) }] });
    expect(long.originalChars).toBe(MAX_RESULT_CHARS + 5);
    expect(long.text.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(long.text).toContain('Result shortened');
    const image = convertResult({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] });
    expect(image.content).toEqual([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
    const svg = convertResult({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/svg+xml' }] });
    expect(svg.text).toContain('omitted');
  });
});
