// A stand-in Linux Electron distribution for packaging tests on machines that cannot download the real one: an
// "executable" that carries the fuse sentinel and wire with Electron's shipped defaults, so @electron/fuses can flip
// it and the test can read the result back.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FuseState } from '@electron/fuses';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's defaults, in FuseV1Options order: RunAsNode on, cookie encryption off, NODE_OPTIONS on, inspect on,
 *  asar integrity off, only-asar off, browser V8 snapshot off, file protocol privileges on, wasm trap handlers on. */
const SHIPPED_WIRE = [1, 0, 1, 1, 0, 0, 0, 1, 1].map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE));

export async function makeFakeElectronDist(dir: string, version: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true });
  const executable = join(dir, 'electron');
  await writeFile(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\necho "stand-in Electron: cannot run"\nexit 1\n'),
      Buffer.from(SENTINEL),
      Buffer.from([1, SHIPPED_WIRE.length, ...SHIPPED_WIRE]),
    ]),
  );
  await chmod(executable, 0o755);
  await writeFile(join(dir, 'version'), version);
  await writeFile(join(dir, 'LICENSE'), 'stand-in');
  return dir;
}
