// A lazy chunk (a dynamic import()) that failed must not stay failed. Chromium downloads a module again after a
// failed import, but Parcel's runtime keeps the promise of each import() it has started: once it has failed, that
// import() answers the same failure until the page is reloaded. So no import is started while the browser says it
// is offline (the usual cause): it fails at once with ChunkOfflineError, Parcel never sees it, and the next try
// (the `online` event, "Tentar novamente", the next press) downloads the chunk.

/** The chunk was not requested: the browser is offline. Nothing is cached, the next try downloads it. */
export class ChunkOfflineError extends Error {
  override name = 'ChunkOfflineError';
  constructor() {
    super('the browser is offline: the code was not downloaded');
  }
}

/** navigator.onLine, true where there is no navigator (Node, the prerender). */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Starts `load` (a bundler import) only when online; offline it rejects with ChunkOfflineError without calling it. */
export function importWhenOnline<T>(load: () => Promise<T>, isOnline: () => boolean = browserOnline): Promise<T> {
  return isOnline() ? load() : Promise.reject(new ChunkOfflineError());
}

/** A download that failed with the browser online was started by the bundler, whose failure sticks until a reload. */
export const failureSticks = (error: unknown): boolean => !(error instanceof ChunkOfflineError);
