// The fault suite's view of its stack (test/faults/support/faults.globalSetup.ts): shoppers in fresh browser
// contexts, processes paused and resumed, and what the emulators hold, read through their REST APIs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { awaitReady } from '../../support/readiness';
import { documentsOf, type StoredDocument } from '../../e2e/support/emulatorRest';
import type { E2EStack } from '../../e2e/support/e2e';
import { closeContextsOf, workerBrowser } from '../../e2e/support/workerBrowser';

export interface ProvidedFaults {
  ready: string;
  unavailable: string | null;
}

/** The e2e stack's addresses, and the processes a fault pauses. */
export interface FaultStack extends Pick<
  E2EStack,
  'storefront' | 'backend' | 'projectId' | 'firestoreHost' | 'authHost'
> {
  /** Process group ids (ManagedChild.pid) of the processes a fault pauses. */
  pids: { firestore: number; backend: number };
}

export interface Shopper {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
}

export interface Faults extends FaultStack {
  /** This worker's Chromium (test/e2e/support/workerBrowser.ts). */
  browser: Browser;
  newShopper(): Promise<Shopper>;
  /** Pauses the process (and what it started) with SIGSTOP until resume() or the end of the test. */
  hang(which: keyof FaultStack['pids']): Promise<void>;
  resume(which?: keyof FaultStack['pids']): void;
  /** Documents of a collection, read as the emulator's owner (rules bypassed). */
  documents(collection: string): Promise<StoredDocument[]>;
}

export function faultsSkipReason(): string | null {
  const { unavailable } = inject('faults');
  if (unavailable) console.warn(`Skipping the fault suite (set CI=true to make this a failure): ${unavailable}`);
  return unavailable;
}

const signalGroup = (pid: number, signal: NodeJS.Signals) => process.kill(-pid, signal);

/** Every process of the group, from /proc (Linux): pid and state letter ('T' once stopped). */
function groupMembers(pgid: number): Array<{ pid: number; state: string }> {
  const members: Array<{ pid: number; state: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid pgrp ...": comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid) members.push({ pid: Number(entry), state: state ?? '' });
    } catch {
      /* the process ended meanwhile */
    }
  }
  return members;
}

/** A fault that did not take would make its row pass or fail for the wrong reason: check every member stopped. */
async function expectStopped(pgid: number): Promise<void> {
  if (!existsSync('/proc/self/stat')) return;
  const deadline = Date.now() + 2_000;
  for (;;) {
    const members = groupMembers(pgid);
    // A zombie (Z) waits for its parent and cannot be stopped; every live member must be.
    if (members.some((m) => m.state === 'T') && members.every((m) => m.state === 'T' || m.state === 'Z')) return;
    if (Date.now() > deadline) throw new Error(`process group ${pgid} did not stop: ${JSON.stringify(members)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function useFaults(): () => Faults {
  let faults: Faults | undefined;
  const paused = new Set<number>();
  const contexts: BrowserContext[] = [];
  const resumeAll = () => {
    for (const pid of paused) signalGroup(pid, 'SIGCONT');
    paused.clear();
  };
  beforeAll(async () => {
    const stack = await awaitReady<FaultStack>(inject('faults').ready);
    const browser = await workerBrowser();
    faults = {
      ...stack,
      browser,
      async newShopper() {
        const context = await browser.newContext({
          locale: 'pt-BR',
          baseURL: stack.storefront,
          viewport: { width: 1280, height: 800 },
        });
        contexts.push(context);
        context.setDefaultTimeout(20_000);
        const pageErrors: string[] = [];
        const page = await context.newPage();
        page.on('pageerror', (error) => pageErrors.push(String(error)));
        return { context, page, pageErrors };
      },
      async hang(which) {
        const pid = stack.pids[which];
        paused.add(pid);
        signalGroup(pid, 'SIGSTOP');
        await expectStopped(pid);
      },
      resume(which) {
        if (!which) return resumeAll();
        const pid = stack.pids[which];
        if (paused.delete(pid)) signalGroup(pid, 'SIGCONT');
      },
      documents: (collection) => documentsOf(stack, collection),
    };
  }, 900_000);
  // A paused emulator or backend must never outlive its test.
  afterEach(async () => {
    resumeAll();
    await Promise.all(contexts.splice(0).map((context) => context.close().catch(() => {})));
  });
  afterAll(async () => {
    resumeAll();
    await closeContextsOf(faults?.browser);
  });
  return () => {
    if (!faults) throw new Error('the fault stack did not start (see the global setup output above)');
    return faults;
  };
}
