// `npm run icons`: the shop's icons from one drawing (assets/icon.svg, in the palette of docs/requirements.md#appearance), into assets/icons/:
// 192 and 512 px for the web app manifest, a maskable 512 px (the drawing scaled into the safe zone, padded with
// its own background) and a 32 px favicon. The PNGs are committed, so a build never runs sharp;
// test/scripts/icons.test.ts renders the SVG again and compares.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScript } from './lib/cli';

export const ICON_SVG = fileURLToPath(new URL('../assets/icon.svg', import.meta.url));
export const ICONS_DIR = fileURLToPath(new URL('../assets/icons/', import.meta.url));
/** The drawing's background (the top bar's dark), also the maskable icon's padding. */
export const ICON_BACKGROUND = '#212529';
/** A maskable icon's safe zone is the centre circle of 80 % of its width: the drawing fills that much. */
export const MASKABLE_SAFE_RATIO = 0.8;

export interface IconSpec {
  file: string;
  size: number;
  maskable: boolean;
}

export const ICONS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'favicon-32.png', size: 32, maskable: false },
];

/** One icon as PNG bytes. */
export async function renderIcon(svg: Buffer, { size, maskable }: IconSpec): Promise<Buffer> {
  // Loaded here: the build imports ICONS from this file and must not need sharp's native module.
  const { default: sharp } = await import('sharp');
  if (!maskable)
    return sharp(svg, { density: 72 * (size / 512) * 4 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  const inner = Math.round(size * MASKABLE_SAFE_RATIO);
  const pad = Math.floor((size - inner) / 2);
  const drawing = await sharp(svg, { density: 72 * (inner / 512) * 4 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp(drawing)
    .extend({ top: pad, bottom: size - inner - pad, left: pad, right: size - inner - pad, background: ICON_BACKGROUND })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function generateIcons(outDir = ICONS_DIR): Promise<string[]> {
  const svg = await readFile(ICON_SVG);
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const icon of ICONS) {
    await writeFile(join(outDir, icon.file), await renderIcon(svg, icon));
    written.push(icon.file);
  }
  return written;
}

await runScript(import.meta.url, 'icons', async () => {
  const written = await generateIcons();
  console.log(`icons: ${written.join(', ')} in ${ICONS_DIR}`);
});
