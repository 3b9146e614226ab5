// Every platform's icon comes from the one committed source image, in the formats electron-builder reads.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderConfig } from '../../../build/builder-config.js';
import { generateIcons, LINUX_SIZES } from '../../../scripts/icons.js';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('icons from build/icon.svg', () => {
  it('renders each Linux size, a Windows .ico up to 256 px and a macOS .icns', async () => {
    const out = await generateIcons(await mkdtemp(join(tmpdir(), 'tiny-agent-icons-')));
    for (const size of LINUX_SIZES) expect(pngSize(await readFile(out.png[size]!))).toEqual([size, size]);

    const ico = await readFile(out.ico);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]); // reserved, type 1 = icon
    const widths = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16] || 256);
    expect(widths).toContain(16);
    expect(widths).toContain(256);

    const icns = await readFile(out.icns);
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
  }, 60_000);

  it('is what the builder config points every platform at', () => {
    expect(builderConfig.linux?.icon).toBe('build/icons/png');
    expect(builderConfig.win?.icon).toBe('build/icons/icon.ico');
    expect(builderConfig.mac?.icon).toBe('build/icons/icon.icns');
  });
});
