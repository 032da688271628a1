// Writes rendered catalog pages into dist/, in this thread or spread over worker threads. A page costs about
// 10 ms of CPU (React's render of the whole <App>, its stitches CSS, the machines behind it); a worker costs
// about 0.8 s to load the app's modules, so workers start only when each gets at least PAGES_PER_WORKER pages:
// the 40-product shop renders in the build's own thread, a large catalog's 200 products on every core.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pageHtml, type PageToRender } from '../../server/render/pageHtml';

/** Fewest pages a worker is started for. */
export const PAGES_PER_WORKER = 64;

export interface PagesJob {
  shell: string;
  pages: PageToRender[];
  distDir: string;
  origin: string;
}

/** Renders and writes `pages` one after the other, in this thread. */
export async function writePagesHere({ shell, pages, distDir, origin }: PagesJob): Promise<void> {
  for (const page of pages) {
    const file = join(distDir, page.file);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, await pageHtml(shell, page, origin));
  }
}

export interface Spread {
  cores?: number;
  pagesPerWorker?: number;
}

/** How many workers `pageCount` pages are spread over (0: this thread renders them). */
export function workersFor(pageCount: number, { cores = availableParallelism(), pagesPerWorker = PAGES_PER_WORKER }: Spread = {}): number {
  const workers = Math.min(cores, Math.floor(pageCount / pagesPerWorker));
  return workers >= 2 ? workers : 0;
}

function inWorker(job: PagesJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./prerenderWorker.mjs', import.meta.url), { workerData: job });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a prerender worker exited with code ${code}`))));
  });
}

/** Renders and writes every page: in this thread, or dealt round-robin to workers (neighbours cost alike). */
export async function writePages(job: PagesJob, spread: Spread = {}): Promise<{ workers: number }> {
  const workers = workersFor(job.pages.length, spread);
  if (workers === 0) {
    await writePagesHere(job);
    return { workers };
  }
  const shares = Array.from({ length: workers }, (_, w) => job.pages.filter((_, i) => i % workers === w));
  await Promise.all(shares.map((pages) => inWorker({ ...job, pages })));
  return { workers };
}
