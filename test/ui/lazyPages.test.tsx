// A route page in a chunk that could not be downloaded (src/ui/lazyPages.tsx, src/ui/components/RouteErrorBoundary.tsx):
// a pt-BR message with "Tentar novamente", never a blank page; the retry (button, the connectivity machine going
// back online, another location) downloads it again, and offline no download is started at all.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectivityMachine } from '../../src/machines/connectivityMachine';
import { provideConnectivity } from '../../src/ui/components/OfflineStatus';
import { RouteErrorBoundary } from '../../src/ui/components/RouteErrorBoundary';
import { ChunkOfflineError } from '../../src/ui/lazyImport';
import { createLazyPages } from '../../src/ui/lazyPages';

afterEach(() => {
  cleanup();
  provideConnectivity(null);
});
const MESSAGE = 'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.';

/** A page module whose download fails while `network.down` (like Parcel's import() of a chunk). */
function pageChunk(network: { down: boolean }) {
  const downloads = { count: 0 };
  const load = async () => {
    downloads.count++;
    if (network.down)
      throw new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/LoginPage.1234.js');
    return { default: ({ who }: { who: string }) => <h1>Entrar, {who}</h1> };
  };
  return { load, downloads };
}

function Harness({
  pages,
  Page,
  onRetry,
}: {
  pages: ReturnType<typeof createLazyPages>;
  Page: React.ComponentType<{ who: string }>;
  onRetry?: (asked: boolean) => void;
}) {
  const [location, setLocation] = useState('/login');
  return (
    <>
      <button type="button" onClick={() => setLocation('/')}>
        ir para a home
      </button>
      <RouteErrorBoundary
        resetKey={location}
        onRetry={(asked) => (onRetry ?? (() => pages.retry()))(asked)}
        onError={() => {}}
      >
        <Suspense fallback={<p>Carregando…</p>}>{location === '/login' ? <Page who="Ana" /> : <p>Home</p>}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}

describe('lazy route pages', () => {
  it('offline: shows the message with "Tentar novamente" without requesting the chunk; back online the page appears by itself', async () => {
    const network = { down: true };
    let online = false;
    const pages = createLazyPages(() => online);
    const { load, downloads } = pageChunk(network);
    const Page = pages.page(load);
    // The one source of the connection: the connectivity actor (src/main.tsx feeds it the browser's events).
    const connectivity = createActor(connectivityMachine, { input: { online: false, path: '/login' } }).start();
    provideConnectivity(connectivity);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness pages={pages} Page={Page} />);
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toContain(MESSAGE);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
    expect(downloads.count).toBe(0);

    online = true;
    network.down = false;
    // The browser's event alone is not listened to here: the machine says when the connection is back.
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(downloads.count).toBe(0);
    expect(screen.getByRole('alert').textContent).toContain(MESSAGE);
    await act(async () => {
      connectivity.send({ type: 'connectivity.online' });
    });
    expect((await screen.findByRole('heading', { name: 'Entrar, Ana' }, { timeout: 5_000 })).textContent).toBe(
      'Entrar, Ana',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(downloads.count).toBe(1);
  });

  it('"Tentar novamente" downloads again after a failed download, and says a reload is due (the bundler keeps that failure)', async () => {
    const network = { down: true };
    const pages = createLazyPages(() => true);
    const { load, downloads } = pageChunk(network);
    const Page = pages.page(load);
    const asked: boolean[] = [];
    let verdict = '';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness pages={pages} Page={Page} onRetry={(a) => (asked.push(a), (verdict = pages.retry()))} />);
    await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(downloads.count).toBe(1);
    network.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('heading', { name: 'Entrar, Ana' }, { timeout: 5_000 });
    expect(downloads.count).toBe(2);
    expect(asked).toEqual([true]);
    expect(verdict).toBe('reload');
  });

  it('going to another location clears the message without counting as the shopper asking', async () => {
    const pages = createLazyPages(() => false);
    const Page = pages.page(pageChunk({ down: true }).load);
    const asked: boolean[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness pages={pages} Page={Page} onRetry={(a) => (asked.push(a), pages.retry())} />);
    await screen.findByRole('alert', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'ir para a home' }));
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked).toEqual([false]);
  });

  it('a page that failed offline only needs a retry, not a reload', async () => {
    const pages = createLazyPages(() => false);
    const Page = pages.page(pageChunk({ down: false }).load);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness pages={pages} Page={Page} onRetry={() => {}} />);
    await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(pages.retry()).toBe('retried');
  });

  it('ChunkOfflineError is what an offline import rejects with', async () => {
    const { importWhenOnline } = await import('../../src/ui/lazyImport');
    let calls = 0;
    await expect(
      importWhenOnline(
        async () => ++calls,
        () => false,
      ),
    ).rejects.toBeInstanceOf(ChunkOfflineError);
    expect(calls).toBe(0);
    await expect(
      importWhenOnline(
        async () => ++calls,
        () => true,
      ),
    ).resolves.toBe(1);
  });
});
