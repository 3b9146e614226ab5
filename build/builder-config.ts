// How `npm run dist` packages Tiny Agent (electron-builder): installers per platform, the app in one asar archive
// holding only the built output and the production dependencies main loads at run time, fuses flipped after packing.
import type { Configuration } from 'electron-builder';
import { flipFusesAfterPack } from './fuses.js';
import { releaseFeed } from './release-feed.js';

export const builderConfig: Configuration = {
  appId: 'io.github.tinyagent.desktop',
  productName: 'Tiny Agent',
  executableName: 'tiny-agent',
  copyright: 'Copyright © Tiny Agent contributors',
  directories: { output: 'release', buildResources: 'build' },
  // The renderer's libraries are bundled by Vite (devDependencies); `dependencies` are what main imports at run time.
  // From those packages only what Node loads: no TypeScript sources or declarations, tests, fixtures or docs.
  files: [
    'out/**/*',
    'package.json',
    '!**/*.map',
    '!**/node_modules/**/*.{ts,mts,cts,tsx}',
    '!**/node_modules/**/{test,tests,__tests__,fixtures,example,examples,docs}/**',
    '!**/node_modules/**/{README,CHANGELOG,readme,changelog}*',
  ],
  asar: true,
  // run_python's Pyodide reads its wasm and standard library as plain files, from beside the archive.
  asarUnpack: ['node_modules/pyodide/**'],
  // No native modules: nothing to rebuild against Electron's headers.
  npmRebuild: false,
  afterPack: flipFusesAfterPack,
  artifactName: '${productName}-${version}-${os}-${arch}.${ext}',
  // Where electron-updater looks (written into the app as app-update.yml), from TINY_AGENT_UPDATE_FEED (see
  // release-feed.ts): latest*.yml for stable and beta*.yml for versions like 0.3.0-beta.1. Without a feed, none is
  // written and the build cannot update itself. The app asks only if the person turned updates on.
  publish: releaseFeed(process.env.TINY_AGENT_UPDATE_FEED),
  generateUpdatesFilesForAllChannels: true,
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'build/icons/png',
    category: 'Utility',
    synopsis: 'Chat with OpenAI-compatible models',
    maintainer: 'Tiny Agent contributors <tiny-agent@users.noreply.github.com>',
  },
  win: { target: ['nsis'], icon: 'build/icons/icon.ico' },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
  mac: { target: ['dmg', 'zip'], icon: 'build/icons/icon.icns', category: 'public.app-category.productivity' },
};
