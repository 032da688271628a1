// One contract for every ShopperLimiter (server/limits/limiterPort.ts): the memory one and the Firestore one.
import { describe, expect, it } from 'vitest';
import type { ShopperLimiter } from '../../server/limits/limiterPort';

export function testShopperLimiter(name: string, make: () => Promise<ShopperLimiter>) {
  describe(`ShopperLimiter contract: ${name}`, () => {
    const windowMs = 60_000;
    const t0 = 1_800_000_000_000; // a window start (multiple of 60 s)
    const uid = () => `uid-${Math.random().toString(36).slice(2, 10)}`;

    it('allows max requests in a window, refuses the next with the time left', async () => {
      const limiter = await make();
      const key = uid();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limiter.hit(key, { max: 3, windowMs, now: t0 + 1_000 }));
      expect(answers.map((a) => a.allowed)).toEqual([true, true, true, false]);
      expect(answers.map((a) => a.count)).toEqual([1, 2, 3, 3]);
      expect(answers[3]!.retryAfterMs).toBe(59_000);
    });

    it('starts again in the next window', async () => {
      const limiter = await make();
      const key = uid();
      await limiter.hit(key, { max: 1, windowMs, now: t0 });
      expect((await limiter.hit(key, { max: 1, windowMs, now: t0 + windowMs - 1 })).allowed).toBe(false);
      expect(await limiter.hit(key, { max: 1, windowMs, now: t0 + windowMs })).toEqual({
        allowed: true,
        count: 1,
        retryAfterMs: windowMs,
      });
    });

    it('counts each shopper separately', async () => {
      const limiter = await make();
      const [a, b] = [uid(), uid()];
      expect((await limiter.hit(a, { max: 1, windowMs, now: t0 })).allowed).toBe(true);
      expect((await limiter.hit(b, { max: 1, windowMs, now: t0 })).allowed).toBe(true);
      expect((await limiter.hit(a, { max: 1, windowMs, now: t0 })).allowed).toBe(false);
    });

    it('concurrent requests never exceed max', async () => {
      const limiter = await make();
      const key = uid();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => limiter.hit(key, { max: 5, windowMs, now: t0 })),
      );
      expect(answers.filter((a) => a.allowed)).toHaveLength(5);
    });
  });
}
