// The committed icons are what `npm run icons` makes of assets/icon.svg (so a build never needs sharp), and the
// manifest names them with their real sizes, the shop's palette (docs/requirements.md#appearance) and the install fields (docs/offline.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack';
import { ICONS, ICON_SVG, renderIcon } from '../../scripts/generate-icons';

const ICONS_DIR = join(ROOT, 'assets', 'icons');
/** docs/requirements.md#appearance: primary and dark background. */
const PRIMARY_DARK = '#212529';

/** Mean absolute difference per channel (0–255) between two same-sized RGBA images. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all([
    sharp(a).ensureAlpha().raw().toBuffer(),
    sharp(b).ensureAlpha().raw().toBuffer(),
  ]);
  expect(ra.length).toBe(rb.length);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

describe('app icons', () => {
  it('lists the four files: 192, 512, maskable 512 and a 32 px favicon', () => {
    expect(ICONS.map((icon) => [icon.file, icon.size, icon.maskable])).toEqual([
      ['icon-192.png', 192, false],
      ['icon-512.png', 512, false],
      ['icon-maskable-512.png', 512, true],
      ['favicon-32.png', 32, false],
    ]);
  });

  it.each(ICONS.map((icon) => [icon.file, icon] as const))(
    '%s is a PNG of its size, the same as the SVG renders now',
    async (file, icon) => {
      const committed = readFileSync(join(ICONS_DIR, file));
      const meta = await sharp(committed).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', icon.size, icon.size]);
      const fresh = await renderIcon(readFileSync(ICON_SVG), icon);
      // Another libvips may round an edge pixel differently; a stale icon (another drawing) differs by far more.
      expect(await meanDifference(committed, fresh)).toBeLessThan(1);
    },
  );

  it('the maskable icon keeps its drawing inside the safe zone: its border is the plain background', async () => {
    const { data, info } = await sharp(readFileSync(join(ICONS_DIR, 'icon-maskable-512.png')))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rgb = (x: number, y: number) => {
      const i = (y * info.width + x) * 3;
      return `#${[data[i]!, data[i + 1]!, data[i + 2]!]
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase()}`;
    };
    // 10 % from each edge is outside the 80 % safe circle's square: only background there.
    const band = Math.floor(info.width * 0.1) - 1;
    for (let x = 0; x < info.width; x += 7)
      for (const y of [0, band, info.height - 1 - band, info.height - 1]) expect(rgb(x, y)).toBe(PRIMARY_DARK);
  });
});

describe('web app manifest', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'assets', 'manifest.webmanifest'), 'utf8')) as Record<
    string,
    unknown
  > & {
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };

  it('installs as Club Clothing, in pt-BR, standalone from /, in the shop palette', () => {
    expect(manifest).toMatchObject({
      name: 'Club Clothing',
      lang: 'pt-BR',
      display: 'standalone',
      start_url: '/',
      theme_color: PRIMARY_DARK,
      background_color: PRIMARY_DARK,
    });
    expect(typeof manifest.short_name).toBe('string');
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12);
  });

  it('names icons that exist, with their real sizes, one of them maskable', async () => {
    for (const icon of manifest.icons) {
      const file = join(ICONS_DIR, icon.src.replace(/^\/icons\//, ''));
      const meta = await sharp(readFileSync(file)).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(icon.type).toBe('image/png');
    }
    expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes)).toEqual(['512x512']);
    expect(manifest.icons.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512', '512x512']);
  });
});
