// The entry point of a script that other code also imports: `main` runs only when node was started with that
// file. A failure prints `<name> failed: <message>` (a settings problem: its own message, which names each
// setting) and exits 1.
import { pathToFileURL } from 'node:url';
import { ProductionConfigError } from './productionConfig';

export async function runScript(url: string, name: string, main: () => Promise<unknown>): Promise<void> {
  if (!process.argv[1] || url !== pathToFileURL(process.argv[1]).href) return;
  try {
    await main();
  } catch (error) {
    console.error(
      error instanceof ProductionConfigError
        ? error.message
        : `${name} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

/** Ctrl-C or SIGTERM: `stop()`, then exit. */
export function stopOnSignal(stop: () => Promise<void>): void {
  const exit = () => void stop().then(() => process.exit(0));
  process.once('SIGINT', exit);
  process.once('SIGTERM', exit);
}
