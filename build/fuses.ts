// Electron fuses, flipped in the packaged binary right after electron-builder lays out the app (its afterPack hook,
// before signing). They switch off ways to run the shipped binary as something other than Tiny Agent.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, type FuseV1Config } from '@electron/fuses';
import { Arch, type AfterPackContext } from 'electron-builder';

/** The fuse settings for one target platform (electron-builder's platform name: linux, win32, darwin, mas). */
export function fuseConfig(platform: string, arch: Arch): FuseV1Config {
  const apple = platform === 'darwin' || platform === 'mas';
  return {
    version: FuseVersion.V1,
    // An ad-hoc signature is invalid once the binary changes; arm64 macOS refuses to run unsigned code.
    resetAdHocDarwinSignature: apple && arch === Arch.arm64,
    // ELECTRON_RUN_AS_NODE would make the app a general-purpose Node.js interpreter.
    [FuseV1Options.RunAsNode]: false,
    // Cookies on disk encrypted with the OS keychain key, like the API key.
    [FuseV1Options.EnableCookieEncryption]: true,
    // NODE_OPTIONS and --inspect* would let anyone who can start the app inject code into main.
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    // Electron checks app.asar against the hash electron-builder embeds — on macOS and Windows only; Linux has no
    // place for the hash, and the fuse would refuse to start there.
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: apple || platform === 'win32',
    // Only the shipped app.asar, never a loose resources/app folder someone drops beside it.
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
  };
}

/** The packaged executable that holds the fuse wire (the .app bundle on macOS). */
export function packagedExecutable(context: AfterPackContext): string {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'linux') return join(appOutDir, (packager as unknown as { executableName: string }).executableName);
  const name = packager.appInfo.productFilename;
  return join(appOutDir, electronPlatformName === 'win32' ? `${name}.exe` : `${name}.app`);
}

/** electron-builder's afterPack hook. */
export async function flipFusesAfterPack(context: AfterPackContext): Promise<void> {
  await flipFuses(packagedExecutable(context), fuseConfig(context.electronPlatformName, context.arch));
}
