// Debian's Chromium 156, the full browser in headless mode, builds its omnibox's WebUI in a renderer of its own during
// its first seconds: about 3 s of CPU (seen in a trace of every process of the browser). On 2 cores that work
// competed with the page being measured: a first paint held back by a second, long tasks that were not the page's.
// A shopper's browser has long finished starting when the shop opens, so the bench measures once the browser's
// processes are quiet. Linux only (/proc), like the rest of the bench.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface ProcessEntry {
  ppid: number;
  cpuTicks: number;
  exe: string;
}

function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: the fields that follow start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let exe = '';
      try {
        exe = readlinkSync(`/proc/${name}/exe`);
      } catch {
        // Another user's process, or one that just ended.
      }
      table.set(Number(name), { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), exe });
    } catch {
      // The process ended while the table was read.
    }
  }
  return table;
}

/** CPU ticks used so far by `rootPid` and its descendants whose executable path contains `exeIncludes`. */
function cpuTicksOfTree(rootPid: number, exeIncludes: string): number {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, entry] of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), pid]);
  let ticks = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    const entry = table.get(pid);
    if (entry?.exe.includes(exeIncludes)) ticks += entry.cpuTicks;
    queue.push(...(children.get(pid) ?? []));
  }
  return ticks;
}

/**
 * Resolves once the Chromium processes under `rootPid` used less than `maxCoreShare` of one core over
 * `quietWindows` windows of `windowMs` in a row (one quiet window right after the launch can come before the
 * start-up work), or after `timeoutMs` whatever they do. Returns the milliseconds waited.
 */
export async function waitForQuietBrowser(
  rootPid: number,
  { windowMs = 500, quietWindows = 3, maxCoreShare = 0.1, timeoutMs = 30_000, exeIncludes = 'chrom' } = {},
): Promise<number> {
  const started = Date.now();
  let before = cpuTicksOfTree(rootPid, exeIncludes);
  let quiet = 0;
  while (quiet < quietWindows && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = cpuTicksOfTree(rootPid, exeIncludes);
    const share = (now - before) / TICKS_PER_SECOND / (windowMs / 1000);
    before = now;
    quiet = share < maxCoreShare ? quiet + 1 : 0;
  }
  return Date.now() - started;
}
