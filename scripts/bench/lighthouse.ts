// Lighthouse 12 (the npm CLI) against Debian's Chromium, outside traffic blocked by --host-resolver-rules
// (every host but 127.0.0.1 fails to resolve). A fresh browser per run, measured once it has finished starting
// (scripts/bench/quietBrowser.ts); the median of each figure over the runs.
import { execa } from 'execa';
import type { Result as Lhr } from 'lighthouse';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_UI_FEATURES_OFF, CHROMIUM_PATH } from '../lib/chromium';
import { ROOT } from '../lib/stack';
import { median } from './benchBrowser';
import { waitForQuietBrowser } from './quietBrowser';

const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** milliseconds */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Failed audits of the a11y / best-practices / SEO categories (ids), from the median-performance run. */
  failing: string[];
}

const DEVTOOLS_LISTENING = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//;

/** Debian's Chromium, headless, with the flags Lighthouse's own launcher would pass; resolves with its DevTools port. */
async function startChromium(userDataDir: string) {
  const browser = execa(CHROMIUM_PATH, [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${userDataDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--disable-features=${BROWSER_UI_FEATURES_OFF.join(',')}`,
    'about:blank',
  ]);
  const exited = browser.catch(() => {}); // killed at the end of the run
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    browser.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = DEVTOOLS_LISTENING.exec(output);
      if (match) resolve(Number(match[1]));
    });
    browser.once('exit', (code) => reject(new Error(`chromium exited (${code}) before DevTools listened:\n${output}`)));
  });
  await waitForQuietBrowser(browser.pid!);
  return {
    port,
    stop: async () => {
      browser.kill('SIGKILL');
      await exited;
    },
  };
}

async function runOnce(url: string, formFactor: FormFactor): Promise<Lhr> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'club-lighthouse-'));
  const chrome = await startChromium(userDataDir);
  try {
    const args = [
      LIGHTHOUSE_CLI,
      url,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--port=${chrome.port}`,
      ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ];
    // The report goes to stdout (no --output-path); a failure throws with lighthouse's stderr.
    const { stdout } = await execa(process.execPath, args, { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    const lhr = JSON.parse(stdout) as Lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.stop();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
const metric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

function failingAudits(lhr: Lhr): string[] {
  const failing = new Set<string>();
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(ref.id);
    }
  }
  return [...failing];
}

export async function lighthouse(
  url: string,
  formFactor: FormFactor,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseFigures> {
  const reports: Lhr[] = [];
  for (let i = 0; i < runs; i++) {
    reports.push(await runOnce(url, formFactor));
    log(`  lighthouse ${formFactor} ${url} run ${i + 1}/${runs}: performance ${score(reports.at(-1)!, 'performance')}`);
  }
  const perf = reports.map((r) => score(r, 'performance'));
  const medianRun = reports[perf.indexOf(median(perf))] ?? reports[0]!;
  return {
    performance: median(perf),
    accessibility: median(reports.map((r) => score(r, 'accessibility'))),
    bestPractices: median(reports.map((r) => score(r, 'best-practices'))),
    seo: median(reports.map((r) => score(r, 'seo'))),
    fcp: median(reports.map((r) => metric(r, 'first-contentful-paint'))),
    lcp: median(reports.map((r) => metric(r, 'largest-contentful-paint'))),
    tbt: median(reports.map((r) => metric(r, 'total-blocking-time'))),
    cls: median(reports.map((r) => metric(r, 'cumulative-layout-shift'))),
    failing: failingAudits(medianRun),
  };
}
