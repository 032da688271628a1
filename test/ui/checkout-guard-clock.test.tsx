// The logged-out checkout on happy-dom with vitest's fake timers: the message says 3 seconds and the redirect
// to /login happens at 3000 ms, not a millisecond earlier. Times and texts are written out here (docs/requirements.md#checkout).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderApp } from './support/renderApp';

const LOGIN_REQUIRED_TEXT =
  'Você precisa entrar na sua conta para finalizar a compra. Redirecionando para o login em 3 segundos…';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => {
  app?.unmountAll();
  vi.useRealTimers();
});

describe('checkout, logged out, on a fake clock', () => {
  it('redirects to /login at 3000 ms after the message, not at 2999 ms', async () => {
    // The page is a lazy chunk (src/ui/App.tsx): its first import is real work (a transform on a fresh clone),
    // which no fake clock advances. Done here, in real time, the render below only waits on promises.
    await import('../../src/ui/pages/CheckoutPage');
    vi.useFakeTimers();
    app = renderApp({ path: '/checkout', userEventDelay: null });
    // Let the in-memory auth answer (promises and zero-delay timers only: the clock stays where it is).
    const message = () => screen.queryByText(/^Você precisa entrar na sua conta/);
    for (let i = 0; i < 50 && !message(); i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    expect(message()?.textContent).toBe(LOGIN_REQUIRED_TEXT);
    expect(message()?.getAttribute('role')).toBe('status');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(app.path()).toBe('/checkout');
    expect(message()).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(app.path()).toBe('/login');
  });
});
