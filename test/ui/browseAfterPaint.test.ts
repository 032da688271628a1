import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../src/features/browse/browseActors';

// A choice's history entry waits for the frame that shows the new grid, then for an idle moment.
describe('afterPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubFrames() {
    const frames: FrameRequestCallback[] = [];
    const idles: Array<{ task: IdleRequestCallback; timeout?: number }> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => {};
    });
    vi.stubGlobal('requestIdleCallback', (task: IdleRequestCallback, options?: IdleRequestOptions) =>
      idles.push({ task, timeout: options?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      if (id > 0) idles[id - 1]!.task = () => {};
    });
    const idleDeadline = { didTimeout: false, timeRemaining: () => 10 };
    return {
      frame: () => frames.splice(0).forEach((cb) => cb(0)),
      idle: () => idles.splice(0).forEach(({ task }) => task(idleDeadline)),
      idleTimeouts: () => idles.map((i) => i.timeout),
    };
  }

  it('runs the task in an idle moment after the next frame, not before', () => {
    const browser = stubFrames();
    const task = vi.fn();
    afterPaint(task);
    browser.idle();
    expect(task).not.toHaveBeenCalled();
    browser.frame();
    expect(task).not.toHaveBeenCalled();
    expect(browser.idleTimeouts()).toEqual([100]);
    browser.idle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the frame or before the idle moment, the task never runs', () => {
    const browser = stubFrames();
    const early = vi.fn();
    afterPaint(early)();
    browser.frame();
    browser.idle();
    expect(early).not.toHaveBeenCalled();

    const late = vi.fn();
    const cancel = afterPaint(late);
    browser.frame();
    cancel();
    browser.idle();
    expect(late).not.toHaveBeenCalled();
  });

  it('without animation frames or idle callbacks, in the next task', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const task = vi.fn();
    afterPaint(task);
    expect(task).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(task).toHaveBeenCalledTimes(1);
  });
});
