// The static floor of a catalog page: the page as our server sends it, with every <script> removed
// (no app, no hydration, no data reads), its CSS already inline, served by the same static server. Lighthouse
// on it, with the same flags in the same run, says how fast this content can paint at all; ours/floor is the
// figure that survives a shared, noisy machine.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStaticServer, type RunningStaticServer } from '../lib/staticServer';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/** Saves each page without its scripts into floorDir (images copied from the build) and serves it. */
export async function serveStaticFloor(
  base: string,
  distDir: string,
  pages: readonly string[],
  floorDir: string,
): Promise<RunningStaticServer> {
  rmSync(floorDir, { recursive: true, force: true });
  mkdirSync(floorDir, { recursive: true });
  cpSync(join(distDir, 'images'), join(floorDir, 'images'), { recursive: true });
  for (const page of pages) {
    const response = await fetch(`${base}${page}`);
    if (!response.ok) throw new Error(`floor: ${page} answered ${response.status}`);
    const dir = join(floorDir, page);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.html'), (await response.text()).replace(SCRIPT, ''));
  }
  return startStaticServer({ root: floorDir, port: 0 });
}
