// Route pages in chunks of their own (React.lazy), made so that a page whose chunk could not be downloaded is
// tried again: React.lazy keeps a failed import for good, so a failed page gets a new React.lazy on retry.
import { createElement, lazy, type ComponentType } from 'react';
import { browserOnline, failureSticks, importWhenOnline } from './lazyImport';

type PageModule<P> = { default: ComponentType<P> };

export interface LazyPages {
  /** A page component that downloads its chunk on its first render (offline: fails without a request). */
  page<P extends object>(load: () => Promise<PageModule<P>>): ComponentType<P>;
  /**
   * Makes every page that failed try again on its next render. 'reload' when a download failed while online:
   * the bundler keeps that failure, so only a new page load can fetch the chunk again.
   */
  retry(): 'retried' | 'reload';
}

export function createLazyPages(isOnline: () => boolean = browserOnline): LazyPages {
  const failed = new Set<() => void>();
  let sticky = false;
  return {
    page<P extends object>(load: () => Promise<PageModule<P>>) {
      const attempt = () =>
        importWhenOnline(load, isOnline).catch((error: unknown) => {
          if (failureSticks(error)) sticky = true;
          failed.add(renew);
          throw error;
        });
      let Lazy = lazy(attempt);
      function renew() {
        Lazy = lazy(attempt);
      }
      return function LazyPage(props: P) {
        return createElement(Lazy as ComponentType<P>, props);
      };
    },
    retry() {
      for (const renew of failed) renew();
      failed.clear();
      return sticky ? 'reload' : 'retried';
    },
  };
}
