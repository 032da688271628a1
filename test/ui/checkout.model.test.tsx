// Model-based test of the checkout page on happy-dom: paths generated from the production checkoutMachine
// (a click offered in every state, so "a second click while submitting does nothing" is a path too) drive
// the real page; after each step the button's busy state, the notices and the requests are checked against a
// reference written here (phases and texts spelled out), never against the machine's own state or context.
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { CheckoutFailedError, type CheckoutSession } from '../../src/adapters/checkout/checkoutPort';
import type { CartItem } from '../../src/domain';
import { checkoutMachine } from '../../src/machines/checkoutMachine';
import { controllable } from '../support/fakes/controllable';
import { pathName, shortestPaths, type ModelPath } from '../machines/model/modelGraph';
import { renderApp, settled } from './support/renderApp';

const cart: CartItem[] = [
  {
    id: 'jaqueta',
    name: 'Jaqueta de Couro Preta',
    imageUrl: '/images/jaqueta-couro-preta.svg',
    price: 500,
    quantity: 2,
  },
];
const SESSION_URL = 'http://127.0.0.1:5000/pay/session-1';
const FAILED_TEXT = 'Não foi possível iniciar o pagamento. Tente novamente em instantes.';
const WAIT_TEXT = 'Aguarde, abrindo a página de pagamento…';
const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana' };

const paths = shortestPaths(checkoutMachine, {
  offerEverywhere: ['checkout.submit'],
  variants: (type) => {
    switch (type) {
      // The page submits what the cart holds; an empty cart disables the button (covered in the page tests).
      case 'checkout.submit':
        return [{ type, items: cart }];
      case 'xstate.done.actor.createSession':
        return [{ type, output: { url: SESSION_URL } }];
      case 'xstate.error.actor.createSession':
        return [{ type, error: new CheckoutFailedError('http', 'backend answered 500', { status: 500 }) }];
      // The 8 s deadline is walked on the simulated clock in test/machines/model/checkoutModel.ts; its page
      // shows the same message as the failure above.
      case 'xstate.after.checkoutTimeout.checkout.submitting':
        return [];
      default:
        return undefined;
    }
  },
});

async function runPath(path: ModelPath<typeof checkoutMachine>) {
  const createSession = controllable<[readonly CartItem[]], CheckoutSession>('createSession');
  let app: ReturnType<typeof renderApp> | undefined;
  // docs/requirements.md#checkout as this test reads it: one session per click unless one is under way; busy until the browser leaves.
  const ref = {
    phase: 'idle' as 'idle' | 'submitting' | 'redirecting' | 'failed',
    requests: 0,
    redirects: [] as string[],
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & { output?: CheckoutSession; error?: unknown };
      const at = `step ${index} (${e.type})`;
      switch (e.type) {
        case 'xstate.init':
          app = renderApp({
            path: '/checkout',
            cart,
            auth: { users: [ana], signedInAs: ana.email },
            checkout: { createSession: createSession.fn },
            userEventDelay: null,
          });
          await settled();
          await screen.findByRole('button', { name: 'Finalizar Compra' });
          break;
        case 'xstate.done.actor.createSession':
          await act(async () => createSession.latest().resolve(e.output!));
          ref.phase = 'redirecting';
          ref.redirects.push(e.output!.url);
          break;
        case 'xstate.error.actor.createSession':
          await act(async () => createSession.latest().reject(e.error));
          ref.phase = 'failed';
          break;
        case 'checkout.submit':
          await app!.user.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
          if (ref.phase === 'idle' || ref.phase === 'failed') {
            ref.phase = 'submitting';
            ref.requests += 1;
          }
          break;
        default:
          throw new Error(`no UI action for ${e.type}`);
      }
      expect(app!.services.checkout.getSnapshot().value, at).toEqual(expected.value);

      const busy = ref.phase === 'submitting' || ref.phase === 'redirecting';
      const button = screen.getByRole('button', { name: 'Finalizar Compra' });
      expect(button.getAttribute('aria-busy'), at).toBe(String(busy));
      expect(screen.queryByText(WAIT_TEXT) !== null, at).toBe(busy);
      expect(screen.queryByRole('alert')?.textContent ?? null, at).toBe(ref.phase === 'failed' ? FAILED_TEXT : null);

      // One request per accepted click, with the cart's lines; a redirect only after a session.
      expect(createSession.calls.length, at).toBe(ref.requests);
      for (const call of createSession.calls) expect(call.args[0], at).toEqual(cart);
      expect(app!.redirects, at).toEqual(ref.redirects);
      // The cart is never touched by checkout.
      expect(JSON.parse(app!.cartStorage.raw()!), at).toEqual(cart);
    }
  } finally {
    cleanup();
    app?.services.stop();
  }
}

describe(`checkout page, model-based: ${paths.length} paths from the production checkoutMachine`, () => {
  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_name, path) => {
    await runPath(path);
  });
});
