// `npx tsx scripts/bench/benchDelivery.ts`: only the delivery part of `npm run bench` (scripts/bench/deliveryLatency.ts)
// — the production storefront built and served by the local stack, then CEP typed → options painted on a
// product page beside that page's add-to-cart. Prints the figures; writes nothing (the full bench writes
// docs/performance.md).
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { catalog } from '../../seed/seedCatalog';
import { runScript } from '../lib/cli';
import { startLocalStack } from '../lib/stack';
import { launchChromium } from './benchBrowser';
import { measureDeliveryLatency } from './deliveryLatency';

await runScript(import.meta.url, 'bench:delivery', async () => {
  // The full bench's folders: a warm Parcel cache when it ran before.
  const benchDir = join(tmpdir(), 'club-clothing-bench');
  const stack = await startLocalStack({
    storefront: 'build',
    distDir: join(benchDir, 'dist'),
    cacheDir: join(benchDir, 'parcel-cache'),
    siteHost: '127.0.0.1',
    notice: (line) => console.log(`  ${line}`),
  });
  try {
    const base = stack.urls.storefront!.replace('localhost', '127.0.0.1');
    const route = `/product/${catalog[0]!.products[0]!.id}`;
    const browser = await launchChromium();
    try {
      const d = await measureDeliveryLatency(browser, base, route);
      const f = (v: number) => `${v.toFixed(1)} ms`;
      console.log(
        `CEP typed → delivery options painted, ${route}: median ${f(d.cepToOptions.medianMs)}, max ${f(d.cepToOptions.maxMs)} (${d.cepToOptions.samples} samples)`,
      );
      console.log(
        `reference, add-to-cart → header count, same page and run: median ${f(d.reference.medianMs)}, max ${f(d.reference.maxMs)} (${d.reference.samples} samples)`,
      );
      console.log(`ratio of the medians: ${(d.cepToOptions.medianMs / d.reference.medianMs).toFixed(2)}`);
    } finally {
      await browser.close();
    }
  } finally {
    await stack.stop();
  }
});
