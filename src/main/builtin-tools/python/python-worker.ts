// run_python's worker thread: one Pyodide interpreter, loaded from the app's own files (never the network), runs one
// program in an in-memory scratch folder and reports its output, last value, traceback and the files it wrote.
// Walls, from the inside out: Python's socket/urllib/http and the `js`/`pyodide` bridges are refused; the JS side the
// interpreter could reach has no `require`, WebSocket, fetch, child processes or host-folder mounts left; the host
// starts this thread with an empty environment, no code generation from strings and a heap limit, and terminates it
// when the time is up or the person stops.
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide, type PyodideAPI } from 'pyodide';
import type { PythonOutputFile, PythonRunRequest, PythonWorkerData, PythonWorkerMessage } from './protocol.js';

const data = workerData as PythonWorkerData;
const port = parentPort!;
const post = (message: PythonWorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** The folder a program starts in (its working directory); in memory, and each thread runs one program only. */
const SCRATCH = '/home/pyodide/scratch';
/** Pictures larger than this come back as a file name and size only. */
const MAX_IMAGE_BYTES = 3_500_000;
const MAX_STREAM_CHARS = 200_000;

// Wasm memory lives outside the JS heap (resourceLimits does not see it): growth past the limit fails, so Python's
// allocator gets NULL and raises MemoryError instead of the process swelling.
const grow = WebAssembly.Memory.prototype.grow;
WebAssembly.Memory.prototype.grow = function (this: WebAssembly.Memory, delta: number) {
  if (this.buffer.byteLength + delta * 65536 > data.memoryLimitBytes) throw new RangeError('run_python memory limit');
  return grow.call(this, delta);
};

const SETUP = String.raw`
import sys, os, builtins, traceback

def _refuse(*args, **kwargs):
    raise PermissionError("network access is disabled in run_python")

import socket as _socket_module, _socket
for _name in ("create_connection", "create_server", "getaddrinfo", "gethostbyname", "gethostbyname_ex",
              "gethostbyaddr", "socketpair", "fromfd"):
    if hasattr(_socket_module, _name):
        setattr(_socket_module, _name, _refuse)
    if hasattr(_socket, _name):
        setattr(_socket, _name, _refuse)
class _NoSocket:
    def __init__(self, *args, **kwargs):
        _refuse()
_socket_module.socket = _NoSocket
_socket_module.SocketType = _NoSocket
_socket.socket = _NoSocket
_socket.SocketType = _NoSocket

_BLOCKED = ("js", "pyodide_js", "pyodide.http", "pyodide.ffi", "pyodide.code", "pyodide.webloop", "micropip",
            "_pyodide_core", "pyodide_http", "ssl", "_ssl", "urllib.request", "http.client", "ftplib", "smtplib",
            "poplib", "imaplib", "xmlrpc.client", "subprocess", "_posixsubprocess", "webbrowser")

class _Refuser:
    def find_spec(self, name, path=None, target=None):
        if name in _BLOCKED or name.split(".")[0] in ("js", "pyodide_js", "micropip"):
            raise ImportError(f"{name} is not available in run_python (no network, no JavaScript bridge)")
        return None

from pyodide.code import eval_code as _eval_code
sys.meta_path.insert(0, _Refuser())
for _name in list(sys.modules):
    if _name in _BLOCKED or _name.split(".")[0] in ("js", "pyodide_js"):
        del sys.modules[_name]
for _name in ("system", "popen", "execv", "execve", "fork", "spawnv", "kill"):
    if hasattr(os, _name):
        delattr(os, _name)

def _tiny_run(code):
    namespace = {"__name__": "__main__", "__builtins__": builtins}
    try:
        value = _eval_code(code, globals=namespace, filename="<run_python>")
    except BaseException as error:
        frames = traceback.extract_tb(error.__traceback__)
        keep = [frame for frame in frames if frame.filename == "<run_python>"]
        text = "Traceback (most recent call last):\n" if keep else ""
        text += "".join(traceback.format_list(keep))
        text += "".join(traceback.format_exception_only(type(error), error))
        return (None, text, isinstance(error, MemoryError))
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return (None if value is None else repr(value), None, False)
`;

const IMAGE_TYPES: Array<[RegExp, string]> = [
  [/\.png$/i, 'image/png'],
  [/\.jpe?g$/i, 'image/jpeg'],
  [/\.gif$/i, 'image/gif'],
  [/\.webp$/i, 'image/webp'],
];

/** The part of Emscripten's FS the worker uses (its full type lives in @types/emscripten, not in this project's types). */
interface MemoryFS {
  mkdirTree(path: string): void;
  chdir(path: string): void;
  readdir(path: string): string[];
  stat(path: string): { mode: number; size: number };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  readFile(path: string): Uint8Array;
}

let pyodide: PyodideAPI;
let fs: MemoryFS;
/** `_tiny_run` from SETUP: (value repr, traceback, out of memory) of one program. */
type Runner = (code: string) => { toJs(): [string | null, string | null, boolean]; destroy(): void };
let runner: Runner | undefined;

function capped(stream: 'stdout' | 'stderr') {
  let used = 0;
  return (text: string) => {
    if (used >= MAX_STREAM_CHARS) return;
    const kept = text.slice(0, MAX_STREAM_CHARS - used);
    used += kept.length;
    post({ kind: 'output', stream, text: `${kept}\n` });
  };
}

/** Cuts every path from the interpreter back to Node: module loading, host mounts, sockets, processes, network. */
function sealJavaScript(api: PyodideAPI): void {
  const refuse = () => {
    throw new Error('not available in run_python');
  };
  const g = globalThis as Record<string, unknown>;
  // No JavaScript made from strings: eval and every Function constructor refuse (so no dynamic import() either).
  // The constructors stay objects (Pyodide tests `instanceof Function`); calling or constructing them throws.
  const noCodegen = () => {
    throw new EvalError('code generation is disabled in run_python');
  };
  const sealed = (constructor: object) => new Proxy(constructor, { apply: noCodegen, construct: noCodegen });
  for (const sample of [async function () {}, function* () {}, async function* () {}]) {
    const constructor = (sample as { constructor: { prototype: object } }).constructor;
    Object.defineProperty(constructor.prototype, 'constructor', { value: sealed(constructor), configurable: false, writable: false });
  }
  Object.defineProperty(Function.prototype, 'constructor', { value: sealed(Function), configurable: false, writable: false });
  Object.defineProperty(g, 'Function', { value: sealed(Function), configurable: false, writable: false });
  Object.defineProperty(g, 'eval', { value: noCodegen, configurable: false, writable: false });
  for (const name of ['require', 'WebSocket', 'fetch', 'XMLHttpRequest', 'EventSource', 'importScripts']) {
    try {
      Object.defineProperty(g, name, { value: undefined, configurable: false, writable: false });
    } catch {
      g[name] = undefined;
    }
  }
  const hostProcess = process as unknown as Record<string, unknown>;
  for (const name of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'chdir', 'kill', 'abort', 'loadEnvFile', 'report']) {
    try {
      hostProcess[name] = refuse;
    } catch {
      // a read-only member stays; the others are gone
    }
  }
  const module = (
    api as unknown as { _module: Record<string, unknown> & { FS: { filesystems: Record<string, unknown> }; API: Record<string, unknown> } }
  )._module;
  delete module.FS.filesystems.NODEFS;
  delete module.FS.filesystems.NODERAWFS;
  delete module.NODEFS;
  for (const name of ['initializeNodeSockFS', 'loadBinaryFile', 'loadScript', 'loadDynlib', 'install']) module.API[name] = refuse;
  module.API.packageManager = undefined;
  // Emscripten's sockets reach real hosts through WebSockets (the `ws` package it holds on to): every way out — connect,
  // listen, and the peers sendto makes — fails with EACCES (PermissionError in Python).
  const sockfs = (module as unknown as { SOCKFS: { websocket_sock_ops: Record<string, unknown> } }).SOCKFS;
  const ErrnoError = (module.FS as unknown as { ErrnoError: new (errno: number) => Error }).ErrnoError;
  const denied = () => {
    throw new ErrnoError(2);
  };
  for (const name of ['connect', 'listen', 'createPeer', 'sendmsg']) sockfs.websocket_sock_ops[name] = denied;
  for (const name of ['js', 'pyodide_js']) api.unregisterJsModule(name);
  const surface = api as unknown as Record<string, unknown>;
  for (const name of ['mountNodeFS', 'useNodeSockFS', 'loadPackage', 'loadPackagesFromImports', 'mountNativeFS', 'registerJsModule']) {
    surface[name] = refuse;
  }
}

function collectFiles(): PythonOutputFile[] {
  const files: PythonOutputFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdir(dir).sort()) {
      if (entry === '.' || entry === '..') continue;
      const full = `${dir}/${entry}`;
      const stat = fs.stat(full);
      if (fs.isDir(stat.mode)) walk(full, `${prefix}${entry}/`);
      else if (fs.isFile(stat.mode) && files.length < 200) {
        const name = `${prefix}${entry}`;
        const type = IMAGE_TYPES.find(([pattern]) => pattern.test(entry))?.[1];
        const file: PythonOutputFile = { name, size: stat.size };
        if (type && stat.size <= MAX_IMAGE_BYTES) file.image = { mimeType: type, data: fs.readFile(full) };
        files.push(file);
      }
    }
  };
  walk(SCRATCH, '');
  return files;
}

async function load(): Promise<void> {
  pyodide = await loadPyodide({
    indexURL: data.indexURL,
    packages: [],
    stdout: capped('stdout'),
    stderr: capped('stderr'),
    env: { HOME: '/home/pyodide' },
  });
  fs = pyodide.FS as unknown as MemoryFS;
  fs.mkdirTree(SCRATCH);
  pyodide.runPython(SETUP);
  runner = (pyodide.globals as unknown as { get(name: string): Runner }).get('_tiny_run');
  sealJavaScript(pyodide);
}

port.on('message', (request: PythonRunRequest) => {
  if (request.kind !== 'run' || !runner) return;
  fs.chdir(SCRATCH);
  const result = runner(request.code);
  const [value, error, outOfMemory] = result.toJs();
  result.destroy();
  const files = collectFiles();
  const transfer = files.flatMap((file) => (file.image ? [file.image.data.buffer as ArrayBuffer] : []));
  post(
    {
      kind: 'done',
      ...(value !== null ? { value } : {}),
      ...(error !== null ? { error } : {}),
      ...(outOfMemory ? { outOfMemory } : {}),
      files,
    },
    transfer,
  );
});

load().then(
  () => post({ kind: 'ready' }),
  (error: unknown) => post({ kind: 'load-failed', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
