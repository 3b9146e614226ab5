// The messages between run_python's host (main) and its Pyodide worker thread. One worker runs at most one program.

/** What the worker is started with: where Pyodide's files are, and the wasm memory it may grow to. */
export interface PythonWorkerData {
  /** Folder holding pyodide.asm.wasm and python_stdlib.zip (ends with a separator). */
  indexURL: string;
  /** Bytes of wasm linear memory the interpreter may grow to; beyond it allocations fail with MemoryError. */
  memoryLimitBytes: number;
}

/** Host → worker: run one program. */
export interface PythonRunRequest {
  kind: 'run';
  code: string;
}

/** A file the program left in its scratch folder: pictures carry their bytes, other files only their size. */
export interface PythonOutputFile {
  name: string;
  size: number;
  /** Set for PNG/JPEG/GIF/WebP files under the picture size cap. */
  image?: { mimeType: string; data: Uint8Array };
}

/** Worker → host. `ready` once the interpreter is loaded; `output` while the program prints; one `done` per run. */
export type PythonWorkerMessage =
  | { kind: 'ready' }
  | { kind: 'load-failed'; detail: string }
  | { kind: 'output'; stream: 'stdout' | 'stderr'; text: string }
  | {
      kind: 'done';
      /** repr() of the last expression when it is not None. */
      value?: string;
      /** The traceback when the program raised. */
      error?: string;
      /** True when the error is a MemoryError (the memory limit). */
      outOfMemory?: boolean;
      files: PythonOutputFile[];
    };
