// run_python against a real Pyodide in a real worker thread: values, tracebacks, the time limit and Stop, a real
// local TCP server the program cannot reach, the host's files it cannot read, a PNG it writes, the memory limit.
import { createServer, type AddressInfo, type Server } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentTool, AgentToolResult } from '../../src/main/agent/types.js';
import { createRunPythonDefinition, type RunPythonDetails } from '../../src/main/builtin-tools/python/run-python.js';
import { PythonRunner } from '../../src/main/builtin-tools/python/python-runner.js';

const runner = new PythonRunner({ timeoutMs: 8_000, memoryMb: 256 });
const definition = createRunPythonDefinition(runner);
const tool: AgentTool = definition.create({ sessionId: 's1', language: 'en' });

function run(
  code: string,
  signal = new AbortController().signal,
  onUpdate: (partial: AgentToolResult) => void = () => {},
): Promise<AgentToolResult<RunPythonDetails>> {
  return tool.execute('call-1', { code }, signal, onUpdate) as Promise<AgentToolResult<RunPythonDetails>>;
}
async function failure(code: string, signal?: AbortSignal, onUpdate?: (partial: AgentToolResult) => void): Promise<string> {
  try {
    await run(code, signal, onUpdate);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the program did not fail');
}
const text = (result: AgentToolResult) => result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');

beforeAll(() => runner.warm());
afterAll(() => runner.dispose());

describe('run_python', () => {
  it('is ready, named, and says what it has in both languages', () => {
    expect(definition.ready()).toBe(true);
    expect(tool.name).toBe('run_python');
    expect(tool.description).toContain('standard library only');
    expect(tool.description).toContain('No network');
    expect(definition.create({ sessionId: 's1', language: 'zh-CN' }).description).toContain('仅 Python 标准库');
  });

  it('returns the last expression and what the program printed', async () => {
    const result = await run('print("hello")\nimport sys; print("warn", file=sys.stderr)\nsum(range(10**6))');
    expect(result.details).toEqual({ stdout: 'hello\n', stderr: 'warn\n', value: '499999500000', files: [] });
    expect(text(result)).toBe('Output (stdout):\nhello\n\nErrors (stderr):\nwarn\n\nValue: 499999500000');
  }, 180_000);

  it('reports an exception with its traceback as a tool error', async () => {
    const message = await failure('def f(x):\n    return 1 / x\nprint("before")\nf(0)');
    expect(message).toContain('Traceback (most recent call last):');
    expect(message).toContain('File "<run_python>", line 4, in <module>');
    expect(message).toContain('File "<run_python>", line 2, in f');
    expect(message).toContain('ZeroDivisionError: division by zero');
    expect(message).toContain('Output (stdout):\nbefore');
    expect(message).not.toContain('_base.py');
  }, 180_000);

  it('stops an endless loop at the time limit, and the next run gets a fresh interpreter', async () => {
    const before = runner.started;
    expect(await failure('x = 41\nwhile True: pass')).toBe('The Python program was stopped: it ran longer than the 8 s limit.');
    const next = await run("'x' in globals()");
    expect(next.details?.value).toBe('False');
    expect(runner.started).toBeGreaterThan(before);
  }, 180_000);

  it('stops an endless loop at once when the person presses Stop', async () => {
    const stop = new AbortController();
    const updates: string[] = [];
    const message = await failure('print("spinning", flush=True)\nwhile True: pass', stop.signal, (partial) => {
      updates.push(text(partial));
      stop.abort();
    });
    expect(updates).toEqual(['Output (stdout):\nspinning']);
    expect(message).toBe('The Python program was stopped.\n\nOutput (stdout):\nspinning');
    expect((await run('6 * 7')).details?.value).toBe('42');
  }, 180_000);

  it('refuses sockets: a real local server sees no connection, even when the program digs past the socket module', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const plain = await failure(`import socket\nsocket.create_connection(("127.0.0.1", ${port}))`);
      expect(plain).toContain('PermissionError: network access is disabled in run_python');
      const dug = await failure(
        [
          'import sys',
          'for name in ("_socket", "socket"): sys.modules.pop(name, None)',
          'import _socket',
          's = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)',
          `s.connect(("127.0.0.1", ${port}))`,
          's.send(b"GET / HTTP/1.0\\r\\n\\r\\n")',
          'print(s.recv(100))',
        ].join('\n'),
      );
      expect(dug).toContain('Traceback (most recent call last):');
      // The ways round the socket module: urllib and http, and the bridges to JavaScript's fetch and Node.
      const refusals = await run(
        [
          'refused = []',
          `for line in ("import urllib.request", "import http.client", "import js", "import pyodide_js",`,
          `             "from pyodide.http import pyfetch", "from pyodide.code import run_js", "import pyodide.ffi"):`,
          '    try:',
          '        exec(line)',
          '    except ImportError as error:',
          '        refused.append(str(error))',
          'refused',
        ].join('\n'),
      );
      expect(refusals.details?.value).toBe(
        `['urllib.request is not available in run_python (no network, no JavaScript bridge)', ` +
          `'http.client is not available in run_python (no network, no JavaScript bridge)', ` +
          `'js is not available in run_python (no network, no JavaScript bridge)', ` +
          `'pyodide_js is not available in run_python (no network, no JavaScript bridge)', ` +
          `'pyodide.http is not available in run_python (no network, no JavaScript bridge)', ` +
          `'pyodide.code is not available in run_python (no network, no JavaScript bridge)', ` +
          `'pyodide.ffi is not available in run_python (no network, no JavaScript bridge)']`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 300_000);

  it("cannot read the computer's files: only its own in-memory scratch folder", async () => {
    expect(await failure("open('/etc/passwd').read()")).toContain("FileNotFoundError: [Errno 44] No such file or directory: '/etc/passwd'");
    const here = await run("import os\nopen('note.txt', 'w').write('hi')\n(os.getcwd(), sorted(os.listdir('.')), sorted(os.listdir('/')))");
    expect(here.details?.value).toBe("('/home/pyodide/scratch', ['note.txt'], ['dev', 'home', 'lib', 'proc', 'tmp'])");
    expect(here.details?.files).toEqual([{ name: 'note.txt', size: 2 }]);
    // Digging through the interpreter's memory for a handle on JavaScript (the way to Node's fs, net and processes).
    const dig = [
      'import gc, types',
      'mods = [o for o in gc.get_objects() if isinstance(o, types.ModuleType) and o.__name__ in ("js", "pyodide_js")]',
      'proxies = [o for o in gc.get_objects() if "Js" in type(o).__name__]',
      'reached = []',
      'for o in mods + proxies:',
      '    for attempt in ("o.process.getBuiltinModule(\'fs\')", "o.require(\'fs\')", "o.Function(\'return 1\')()", "o.eval(\'1\')",',
      '                    "o.mountNodeFS(\'/mnt\', \'/\')", "o.FS.filesystems.NODEFS", "o.fetch(\'http://127.0.0.1:1/\')"):',
      '        try:',
      '            reached.append((attempt, repr(eval(attempt))[:40]))',
      '        except BaseException:',
      '            pass',
      '(len(mods), reached)',
    ].join('\n');
    expect((await run(dig)).details?.value).toBe('(0, [])');
  }, 180_000);

  it('returns a PNG the program writes with the standard library alone as a picture with the same bytes', async () => {
    const code = [
      'import struct, zlib',
      'w, h = 3, 2',
      'raw = b"".join(b"\\x00" + bytes([255, 0, 0] * w) for _ in range(h))',
      'def chunk(kind, body):',
      '    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))',
      'png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")',
      'open("red.png", "wb").write(png)',
      'open("drawing.svg", "w").write("<svg xmlns=\'http://www.w3.org/2000/svg\'/>")',
      'png.hex()',
    ].join('\n');
    const result = await run(code);
    const expected = Buffer.from(result.details!.value!.slice(1, -1), 'hex');
    expect(expected.subarray(1, 4).toString()).toBe('PNG');
    const images = result.content.filter((part) => part.type === 'image');
    expect(images).toEqual([{ type: 'image', mimeType: 'image/png', data: expected.toString('base64') }]);
    // The red pixels survive the round trip: inflate the IDAT the tool returned.
    const idatLength = expected.readUInt32BE(33);
    expect([...zlib.inflateSync(expected.subarray(41, 41 + idatLength)).subarray(0, 4)]).toEqual([0, 255, 0, 0]);
    expect(result.details?.files).toEqual([
      { name: 'drawing.svg', size: 41 },
      { name: 'red.png', size: expected.length },
    ]);
  }, 180_000);

  it('says clearly when the program runs out of memory', async () => {
    const message = await failure('big = bytearray(400 * 1024 * 1024)');
    expect(message).toContain('The Python program ran out of memory (limit about 256 MB).');
    expect(message).toContain('MemoryError');
  }, 180_000);

  it('speaks Chinese to a Chinese-speaking person', async () => {
    const zh = definition.create({ sessionId: 's2', language: 'zh-CN' });
    const result = (await zh.execute('call-2', { code: 'print(1)' }, new AbortController().signal, () => {})) as AgentToolResult;
    expect(text(result)).toBe('输出（stdout）:\n1');
  }, 180_000);
});
