// Draws the catalog's illustrations offline: one SVG per product (a garment silhouette in the product's
// colours) and one tile per category, into seed/images/. Run `npm run images` after editing seed/seedCatalog.ts;
// test/scripts/images.test.ts fails when the committed files are stale.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from '../src/domain/escapeHtml';
import { catalog, categoryArt, productArt, type Art, type Shape } from '../seed/seedCatalog';
import { runScript } from './lib/cli';

export const IMAGES_DIR = fileURLToPath(new URL('../seed/images/', import.meta.url));

// Outlines in a 200×200 box. `body` is filled with the garment colour; `detail` is stroked in the accent.
// `trim` is filled with the accent colour (soles, bands, visors).
interface Drawing {
  body: string;
  detail?: string;
  trim?: string;
}

const JACKET = 'M72 38L100 48L128 38L160 54L178 140L156 146L146 98V168H54V98L44 146L22 140L40 54Z';
const TEE = 'M70 36Q100 56 130 36L170 62L154 88L140 80V168H60V80L46 88L30 62Z';
const PANTS = 'M62 28H138L148 176H110L100 78L90 176H52Z';

const drawings: Record<Shape, Drawing> = {
  jacket: { body: JACKET, detail: 'M100 48V168M72 38L86 62L100 48L114 62L128 38M64 128H84M116 128H136' },
  blazer: {
    body: JACKET,
    trim: 'M84 42L100 112L116 42L100 48Z',
    detail: 'M84 42L92 70L84 78L100 112L116 78L108 70L116 42M66 132H82',
  },
  windbreaker: { body: JACKET, trim: 'M50 86H150V100H50Z', detail: 'M100 48V168M80 40Q100 22 120 40' },
  puffer: { body: JACKET, detail: 'M100 48V168M54 76H146M54 104H146M54 132H146M36 80L48 78M30 110L44 108' },
  hoodie: { body: JACKET, detail: 'M76 40Q100 8 124 40M94 52V74M106 52V74M70 128H130V150H70Z' },
  sweater: { body: JACKET, trim: 'M54 156H146V168H54Z', detail: 'M80 40Q100 58 120 40M26 128L46 132M174 128L154 132' },
  shirt: {
    body: JACKET,
    detail: 'M100 48V168M54 80H146M54 110H146M54 140H146M78 48V168M122 48V168M84 40L100 56L116 40',
  },
  tshirt: { body: TEE, detail: 'M76 40Q100 60 124 40' },
  polo: { body: TEE, trim: 'M82 38L100 54L118 38L112 50L100 58L88 50Z', detail: 'M100 56V92M96 70H104M96 84H104' },
  blouse: { body: TEE, detail: 'M60 90H140M60 110H140M60 130H140M60 150H140M76 40Q100 60 124 40' },
  tank: { body: 'M76 30H90Q100 62 110 30H124Q126 70 142 82V168H58V82Q74 70 76 30Z', detail: 'M62 150H138' },
  pants: { body: PANTS, detail: 'M62 40H138M100 40V78M72 52Q82 64 92 52' },
  shorts: { body: 'M58 56H142L152 136H108L100 96L92 136H48Z', detail: 'M58 68H142M100 68V96' },
  dress: { body: 'M84 28H92Q100 40 108 28H116L120 78L160 172H40L80 78Z', trim: 'M79 76H121V86H79Z' },
  skirt: { body: 'M70 52H130L162 162H38Z', trim: 'M70 52H130V64H70Z', detail: 'M86 64L74 162M114 64L126 162' },
  jumpsuit: {
    body: 'M74 30H82V56H118V30H126V84L140 176H106L100 112L94 176H60L74 84Z',
    detail: 'M74 84H126M86 66H114',
  },
  sneaker: {
    body: 'M22 128Q24 96 52 92L78 86Q92 106 118 106L160 114Q180 120 180 138V142H22Z',
    trim: 'M20 140H182V148Q182 156 174 156H28Q20 156 20 148Z',
    detail: 'M84 96L96 88M96 102L108 94M40 118H70',
  },
  hightop: {
    body: 'M30 128V62Q30 54 40 54H82Q86 88 118 100L160 112Q180 118 180 138V142H30Z',
    trim: 'M28 140H182V148Q182 156 174 156H36Q28 156 28 148Z',
    detail: 'M80 66L92 62M82 80L94 76M88 94L100 90M44 90A10 10 0 1 0 44.1 90',
  },
  fedora: {
    body: 'M52 126Q54 66 78 60Q100 72 122 60Q146 66 148 126ZM22 128Q100 100 178 128Q100 156 22 128Z',
    trim: 'M53 106H147V122H53Z',
  },
  beanie: {
    body: 'M44 130Q44 48 100 48Q156 48 156 130Z',
    trim: 'M40 118H160V148H40ZM100 28A14 14 0 1 0 100.1 28',
    detail: 'M70 62V116M100 52V116M130 62V116',
  },
  cap: {
    body: 'M50 124Q50 60 100 60Q150 60 150 124Z',
    trim: 'M128 118Q178 114 188 134Q160 142 128 134Z',
    detail: 'M100 62V122M75 70Q70 96 72 122',
  },
  bucket: { body: 'M64 64H136L148 124H52ZM52 120H148L178 150H22Z', trim: 'M56 106H144V118H56Z' },
  beret: {
    body: 'M24 104Q24 70 100 70Q176 70 176 104Q176 132 100 132Q24 132 24 104Z',
    trim: 'M94 58H106V72H94Z',
    detail: 'M56 120Q100 140 144 120',
  },
};

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function mix(hex: string, other: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  const out = a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * amount));
  return `#${out
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}
function isLight(hex: string): boolean {
  const [r, g, b] = rgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 200;
}

function garment(art: Art): string {
  const drawing = drawings[art.shape];
  const outline = isLight(art.colour) ? '#868E96' : mix(art.colour, '#000000', 0.45);
  const parts = [`<path d="${drawing.body}" fill="${art.colour}" stroke="${outline}"/>`];
  if (drawing.trim) parts.push(`<path d="${drawing.trim}" fill="${art.accent}" stroke="${outline}"/>`);
  if (drawing.detail) parts.push(`<path d="${drawing.detail}" fill="none" stroke="${art.accent}"/>`);
  return `<g stroke-width="3" stroke-linejoin="round" stroke-linecap="round">${parts.join('')}</g>`;
}

/**
 * A product picture in portrait 4:5, the shape of the storefront's product cards and cart thumbnails (they
 * use object-fit: cover, so a square picture would lose its sides).
 */
export function productSvg(name: string, art: Art): string {
  const background = isLight(art.colour) ? '#DEE2E6' : mix(art.colour, '#FFFFFF', 0.84);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 200 250" role="img" ` +
    `aria-label="${escapeHtml(name)}"><rect width="200" height="250" fill="${background}"/>` +
    `<g transform="translate(12 37) scale(.88)">${garment(art)}</g></svg>\n`
  );
}

const TILE_BACKGROUNDS: Record<string, string> = {
  jackets: '#E9ECEF',
  sneakers: '#FFF4E6',
  male: '#E7F5FF',
  female: '#FFF0F6',
  hats: '#EBFBEE',
};

/**
 * A home tile, 2:1. The tiles are cropped (object-fit: cover) to about 1.5:1 on phones, 1.9:1 and 3.8:1 on
 * desktop, so the three garments stay inside the band that every crop keeps (x 53–347, y 58–142).
 */
export function categorySvg(name: string, displayName: string, arts: readonly Art[]): string {
  const picks = [arts[0], arts[1], arts[2]].filter((art): art is Art => art !== undefined);
  const garments = picks
    .map((art, i) => `<g transform="translate(${53 + i * 105} 58) scale(.42)">${garment(art)}</g>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 400 200" role="img" ` +
    `aria-label="${escapeHtml(displayName)}"><rect width="400" height="200" fill="${TILE_BACKGROUNDS[name] ?? '#E9ECEF'}"/>` +
    `${garments}</svg>\n`
  );
}

/** Every file of seed/images/, by file name. */
export function renderAll(): Map<string, string> {
  const files = new Map<string, string>();
  for (const category of catalog) {
    const file = category.imageUrl.replace(/^\/images\//, '');
    files.set(file, categorySvg(category.name, category.displayName, categoryArt.get(category.name) ?? []));
    for (const product of category.products) {
      const art = productArt.get(product.id);
      if (!art) throw new Error(`no art for product ${product.id}`);
      files.set(product.imageUrl.replace(/^\/images\//, ''), productSvg(product.name, art));
    }
  }
  return files;
}

async function main() {
  const files = renderAll();
  await mkdir(IMAGES_DIR, { recursive: true });
  for (const stale of await readdir(IMAGES_DIR)) {
    if (stale.endsWith('.svg') && !files.has(stale)) await rm(join(IMAGES_DIR, stale));
  }
  let bytes = 0;
  for (const [file, svg] of files) {
    await writeFile(join(IMAGES_DIR, file), svg);
    bytes += Buffer.byteLength(svg);
  }
  console.log(`images: wrote ${files.size} SVGs (${bytes} bytes) to seed/images/`);
}

await runScript(import.meta.url, 'images', main);
