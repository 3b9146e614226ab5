// `npm run dist`: installers for this platform into release/ (after `electron-vite build` and the icons).
// Reuses the Electron binary `npm start` downloaded when there is one; otherwise electron-builder downloads it
// (ELECTRON_MIRROR and the proxy variables apply, as for `npm start`).
import { join } from 'node:path';
import { build } from 'electron-builder';
import { builderConfig } from '../build/builder-config.js';
import { ROOT, electronBinary } from './electron-binary.js';

const local = !process.env.ELECTRON_EXEC_PATH && electronBinary();
const electronDist = local ? (process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(ROOT, 'node_modules/electron/dist')) : undefined;
const artifacts = await build({ config: { ...builderConfig, ...(electronDist ? { electronDist } : {}) }, publish: 'never' });
process.stdout.write(`${artifacts.map((file) => `installer: ${file}`).join('\n')}\n`);
