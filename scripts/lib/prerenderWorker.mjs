// A prerender worker (scripts/lib/prerenderPages.ts): a worker thread does not inherit the parent's TypeScript
// loader, so it registers tsx before importing the renderer. It writes the pages it is given, then exits.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { writePagesHere } = await import('./prerenderPages.ts');
await writePagesHere(workerData);
