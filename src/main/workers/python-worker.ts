// Entry of run_python's worker thread (built beside main's bundle like the other workers); the code is in
// src/main/builtin-tools/python/python-worker.ts.
import '../builtin-tools/python/python-worker.js';
