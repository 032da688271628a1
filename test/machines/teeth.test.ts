import { describe, expect, it } from 'vitest';
import { assign, fromCallback, fromPromise } from 'xstate';
import type { AuthEvent } from '../../src/machines/authMachine';
import { createAuthActors } from '../../src/machines/authMachine';
import { createCartActors } from '../../src/machines/cartMachine';
import { createCheckoutActors, type CheckoutRequest } from '../../src/machines/checkoutMachine';
import type { CartItem, UserProfile } from '../../src/domain';
import { authPaths, runAuthPath, type AuthWiring } from './model/authModel';
import { cartPaths, runCartPath, type CartWiring } from './model/cartModel';
import { checkoutGuardPaths, runCheckoutGuardPath } from './model/checkoutGuardModel';
import { checkoutPaths, runCheckoutPath, type CheckoutWiring } from './model/checkoutModel';
import { catalogPaths, runCatalogPath, type CatalogWiring } from './model/catalogModel';
import { createCatalogActors } from '../../src/machines/catalogMachine';
import type { Category } from '../../src/domain';
import { firstFailingPath, reportTooth } from './model/modelGraph';

// Teeth: the generated paths must catch deliberately broken wiring. Each case runs the paths of one machine
// against a sabotaged implementation, in order, until one fails; it fails itself when none does.

describe('teeth: the model-based paths catch broken wiring', { timeout: 180_000 }, () => {
  it('cart: a decrease that never removes a line at 0', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return {
        ...production,
        actions: {
          ...production.actions,
          decreaseItem: assign({
            items: ({ context, event }) =>
              context.items.map((item) =>
                item.id === (event as { productId?: string }).productId
                  ? { ...item, quantity: Math.max(0, item.quantity - 1) }
                  : item,
              ),
          }),
        },
      };
    };
    const caughtBy = await firstFailingPath(cartPaths, (path) => runCartPath(path, broken));
    reportTooth('cart decrease keeps 0-quantity lines', caughtBy, cartPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('cart: a saveCart that skips storage', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return { ...production, actions: { ...production.actions, saveCart: () => {} } };
    };
    const caughtBy = await firstFailingPath(cartPaths, (path) => runCartPath(path, broken));
    reportTooth('cart saveCart skips storage', caughtBy, cartPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('cart: a cross-tab sync that saves the adopted cart back', async () => {
    const broken: CartWiring = (storage) => {
      const production = createCartActors({ storage: storage.port, log: () => {} });
      return {
        ...production,
        actors: {
          ...production.actors,
          watchSavedCart: fromCallback(({ sendBack }) =>
            storage.port.onExternalChange((items: CartItem[]) => {
              void storage.port.save(items);
              sendBack({ type: 'cart.synced', items });
            }),
          ),
        },
      };
    };
    const caughtBy = await firstFailingPath(cartPaths, (path) => runCartPath(path, broken));
    reportTooth('cart sync saves back', caughtBy, cartPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('auth: an auth-state stream that drops null (sign-outs in other tabs never arrive)', async () => {
    const broken: AuthWiring = (ports) => ({
      ...createAuthActors({ auth: ports.auth.port, users: ports.users.port }),
      watchAuthState: fromCallback<AuthEvent>(({ sendBack }) =>
        ports.auth.port.onAuthStateChanged((user) => {
          if (user) sendBack({ type: 'auth.changed', user });
        }),
      ),
    });
    const caughtBy = await firstFailingPath(authPaths, (path) => runAuthPath(path, broken));
    reportTooth('auth stream drops null', caughtBy, authPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('auth: a Google sign-in that writes the users document even when one exists', async () => {
    const broken: AuthWiring = (ports) => ({
      ...createAuthActors({ auth: ports.auth.port, users: ports.users.port }),
      signInWithGoogle: fromPromise<UserProfile, void>(async () => {
        const user = await ports.auth.port.signInWithGoogle();
        const existing = await ports.users.port.findById(user.uid);
        const [firstName = '', ...rest] = (user.displayName ?? '').split(' ');
        const profile: UserProfile = existing ?? {
          id: user.uid,
          email: user.email ?? '',
          firstName,
          lastName: rest.join(' '),
          provider: 'google',
        };
        await ports.users.port.create(profile);
        return profile;
      }),
    });
    const caughtBy = await firstFailingPath(authPaths, (path) => runAuthPath(path, broken));
    reportTooth('auth Google always creates the document', caughtBy, authPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('checkout: a createSession that turns failures into a redirect', async () => {
    const broken: CheckoutWiring = (checkout) => ({
      ...createCheckoutActors({ checkout: checkout.port }),
      createSession: fromPromise(({ input }: { input: CheckoutRequest }) =>
        checkout.port.createSession(input.items).catch(() => ({ url: '/payment-confirmation?success=false' })),
      ),
    });
    const caughtBy = await firstFailingPath(checkoutPaths, (path) => runCheckoutPath(path, broken));
    reportTooth('checkout swallows failures', caughtBy, checkoutPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('checkout: a createSession that drops the chosen delivery', async () => {
    const broken: CheckoutWiring = (checkout) => ({
      ...createCheckoutActors({ checkout: checkout.port }),
      createSession: fromPromise(({ input }: { input: CheckoutRequest }) =>
        checkout.port.createSession(input.items, { idempotencyKey: 'k' }),
      ),
    });
    const caughtBy = await firstFailingPath(checkoutPaths, (path) => runCheckoutPath(path, broken));
    reportTooth('checkout drops the delivery', caughtBy, checkoutPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('checkout guard: a redirect one millisecond early', async () => {
    const caughtBy = await firstFailingPath(checkoutGuardPaths, (path) =>
      runCheckoutGuardPath(path, { delayMs: 2999 }),
    );
    reportTooth('guard redirects at 2999 ms', caughtBy, checkoutGuardPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('checkout guard: a navigateToLogin that does nothing', async () => {
    const caughtBy = await firstFailingPath(checkoutGuardPaths, (path) =>
      runCheckoutGuardPath(path, { navigateToLogin: () => {} }),
    );
    reportTooth('guard never navigates', caughtBy, checkoutGuardPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('catalog: a getCategory that ignores the requested id', async () => {
    const broken: CatalogWiring = (catalog) => ({
      ...createCatalogActors({ catalog: catalog.port }),
      getCategory: fromPromise<Category, string>(() => catalog.port.getCategory('jaquetas')),
    });
    const caughtBy = await firstFailingPath(catalogPaths, (path) => runCatalogPath(path, broken));
    reportTooth('catalog getCategory ignores the id', caughtBy, catalogPaths.length);
    expect(caughtBy).toBeGreaterThan(0);
  });
});
