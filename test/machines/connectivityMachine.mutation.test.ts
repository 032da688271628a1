// connectivityMachine behaviour the mutation run showed untested. Events in; the state, tags and remembered path
// written here by hand.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { checkoutOpen, connectivityMachine } from '../../src/machines/connectivityMachine';

function start(input: { online: boolean; path: string }) {
  const actor = createActor(connectivityMachine, { input }).start();
  const snap = () => actor.getSnapshot();
  return { actor, snap };
}

describe('connectivityMachine (mutation run)', () => {
  it('only a path that starts with /checkout or /pay is an open checkout', () => {
    expect(checkoutOpen('/checkout')).toBe(true);
    expect(checkoutOpen('/pay/abc')).toBe(true);
    expect(checkoutOpen('/produto/checkout')).toBe(false);
    expect(checkoutOpen('/ajuda/pay')).toBe(false);
  });

  it('online at the start, then offline and online again as the browser says', () => {
    const { actor, snap } = start({ online: true, path: '/' });
    expect(snap().value).toEqual({ network: 'online', update: 'current' });
    actor.send({ type: 'connectivity.offline' });
    expect(snap().value).toEqual({ network: 'offline', update: 'current' });
    expect(snap().hasTag('offline')).toBe(true);
    actor.send({ type: 'connectivity.online' });
    expect(snap().value).toEqual({ network: 'online', update: 'current' });
    expect(snap().hasTag('offline')).toBe(false);
  });

  it('a new version that arrives during a checkout is held, not announced', () => {
    const { actor, snap } = start({ online: true, path: '/checkout' });
    actor.send({ type: 'update.waiting' });
    expect(snap().value).toEqual({ network: 'online', update: { waiting: 'held' } });
    expect(snap().hasTag('updateAvailable')).toBe(false);
  });

  it('a page whose path only ends in /checkout announces the new version', () => {
    const { actor, snap } = start({ online: true, path: '/produto/checkout' });
    actor.send({ type: 'update.waiting' });
    expect(snap().value).toEqual({ network: 'online', update: { waiting: 'announced' } });
    expect(snap().hasTag('updateAvailable')).toBe(true);
  });

  it('the path is remembered when an announced version is held by a checkout and when it is announced again', () => {
    const { actor, snap } = start({ online: true, path: '/' });
    actor.send({ type: 'update.waiting' });
    actor.send({ type: 'route.changed', path: '/checkout' });
    expect(snap().value).toEqual({ network: 'online', update: { waiting: 'held' } });
    expect(snap().context.path).toBe('/checkout');
    actor.send({ type: 'route.changed', path: '/pay/abc' });
    expect(snap().value).toEqual({ network: 'online', update: { waiting: 'held' } });
    expect(snap().context.path).toBe('/pay/abc');
    actor.send({ type: 'route.changed', path: '/carrinho' });
    expect(snap().value).toEqual({ network: 'online', update: { waiting: 'announced' } });
    expect(snap().context.path).toBe('/carrinho');
  });
});
