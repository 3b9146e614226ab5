// Every string of run_python a person (or the model) reads, in both languages.
import type { Locale } from '../../../shared/settings.js';

export interface PythonStrings {
  description: (limits: { seconds: number; memoryMb: number }) => string;
  codeParameter: string;
  value: string;
  stdout: string;
  stderr: string;
  files: string;
  noOutput: string;
  timedOut: (seconds: number) => string;
  stopped: string;
  outOfMemory: (memoryMb: number) => string;
  crashed: (detail: string) => string;
  loadFailed: (detail: string) => string;
  imageTooLarge: (name: string) => string;
  emptyCode: string;
}

export const PYTHON_STRINGS: Record<Locale, PythonStrings> = {
  en: {
    description: ({ seconds, memoryMb }) =>
      `Runs Python 3.14 code (Pyodide, WebAssembly) and returns what it prints (stdout, stderr), the value of its last ` +
      `expression, and its traceback if it raises. Available: the Python standard library only (e.g. math, statistics, ` +
      `decimal, fractions, random, datetime, json, csv, re, itertools, collections, sqlite3, zlib, struct, hashlib). ` +
      `No third-party packages (no numpy, pandas or matplotlib) and none can be installed. No network (sockets, urllib ` +
      `and http are refused) and no access to the computer's files: the code starts in an empty scratch folder that ` +
      `is discarded after the run. Pictures the code writes there (.png, .jpg, .jpeg, .gif, .webp) are returned as images — build them ` +
      `with the standard library (e.g. zlib + struct for PNG); an .svg file is only listed by name and size, not ` +
      `shown, so write PNG for a picture. ` +
      `Each call starts a fresh interpreter (nothing is kept between calls), is stopped after ${seconds} s and may ` +
      `use about ${memoryMb} MB of memory.`,
    codeParameter: 'The Python program to run. The value of its last line, when it is an expression, is returned.',
    value: 'Value',
    stdout: 'Output (stdout)',
    stderr: 'Errors (stderr)',
    files: 'Files written',
    noOutput: 'The program ran and printed nothing.',
    timedOut: (seconds) => `The Python program was stopped: it ran longer than the ${seconds} s limit.`,
    stopped: 'The Python program was stopped.',
    outOfMemory: (memoryMb) => `The Python program ran out of memory (limit about ${memoryMb} MB).`,
    crashed: (detail) => `The Python interpreter stopped unexpectedly: ${detail}`,
    loadFailed: (detail) => `Python could not be started: ${detail}`,
    imageTooLarge: (name) => `${name}: picture too large to return`,
    emptyCode: 'There is no Python code to run.',
  },
  'zh-CN': {
    description: ({ seconds, memoryMb }) =>
      `运行 Python 3.14 代码（Pyodide，WebAssembly），返回它打印的内容（stdout、stderr）、最后一个表达式的值，` +
      `以及出错时的回溯信息（traceback）。可用：仅 Python 标准库（如 math、statistics、decimal、fractions、random、` +
      `datetime、json、csv、re、itertools、collections、sqlite3、zlib、struct、hashlib）。没有第三方包（没有 numpy、` +
      `pandas、matplotlib），也无法安装。不能联网（socket、urllib、http 都会被拒绝），也不能访问电脑上的文件：代码` +
      `从一个空的临时文件夹开始运行，运行结束后即丢弃。代码在其中写出的图片（.png、.jpg、.jpeg、.gif、.webp）` +
      `会作为图片返回——请用标准库生成（如用 zlib + struct 写 PNG）；.svg 文件只列出文件名和大小、不会显示，需要图片请写 PNG。每次调用都启动全新的解释器` +
      `（调用之间不保留任何状态），运行超过 ${seconds} 秒即被停止，内存约 ${memoryMb} MB。`,
    codeParameter: '要运行的 Python 程序。若最后一行是表达式，返回它的值。',
    value: '值',
    stdout: '输出（stdout）',
    stderr: '错误输出（stderr）',
    files: '写出的文件',
    noOutput: '程序已运行，没有任何输出。',
    timedOut: (seconds) => `Python 程序已被停止：运行超过了 ${seconds} 秒的时限。`,
    stopped: 'Python 程序已停止。',
    outOfMemory: (memoryMb) => `Python 程序内存不足（上限约 ${memoryMb} MB）。`,
    crashed: (detail) => `Python 解释器意外停止：${detail}`,
    loadFailed: (detail) => `无法启动 Python：${detail}`,
    imageTooLarge: (name) => `${name}：图片太大，无法返回`,
    emptyCode: '没有要运行的 Python 代码。',
  },
};
