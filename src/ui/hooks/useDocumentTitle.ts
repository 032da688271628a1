import { useEffect } from 'react';

/** Keeps the tab title in step on client-side navigation (prerendered pages already carry theirs). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
