// Every platform's app icon from the one source image, build/icon.svg: PNGs for Linux (one per size, as
// electron-builder's icon folder expects), icon.ico for Windows, icon.icns for macOS. Output: build/icons/.
//   tsx scripts/icons.ts [outDir]
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';
import { ROOT } from './electron-binary.js';

export const ICON_SOURCE = join(ROOT, 'build/icon.svg');
export const ICON_DIR = join(ROOT, 'build/icons');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

export interface GeneratedIcons {
  png: Record<number, string>;
  ico: string;
  icns: string;
}

function render(svg: Buffer, size: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

export async function generateIcons(outDir = ICON_DIR): Promise<GeneratedIcons> {
  const svg = await readFile(ICON_SOURCE);
  await mkdir(join(outDir, 'png'), { recursive: true });
  const png: Record<number, string> = {};
  for (const size of LINUX_SIZES) {
    png[size] = join(outDir, 'png', `${size}x${size}.png`);
    await writeFile(png[size], render(svg, size));
  }
  const master = render(svg, 1024);
  // ICO: PNG-compressed entries up to 256 px, laid out for a Windows executable's resources.
  const ico = png2icons.createICO(master, png2icons.BICUBIC2, 0, true, true);
  const icns = png2icons.createICNS(master, png2icons.BICUBIC2, 0);
  if (!ico || !icns) throw new Error('png2icons could not encode the icon');
  const paths = { png, ico: join(outDir, 'icon.ico'), icns: join(outDir, 'icon.icns') };
  await writeFile(paths.ico, ico);
  await writeFile(paths.icns, icns);
  return paths;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = await generateIcons(process.argv[2] ?? ICON_DIR);
  process.stdout.write(`icons: ${Object.keys(out.png).length} png sizes, ${out.ico}, ${out.icns}\n`);
}
