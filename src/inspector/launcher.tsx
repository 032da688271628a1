// The inspector's button and shortcut (a lazy chunk, loaded after the first render in local mode only). The
// panel itself (elkjs, the diagrams, the log) is a second chunk, loaded the first time it opens.
import { lazy, StrictMode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { styled } from '../ui/theme';
import type { InspectorRecorder } from './recorder';

const Panel = lazy(() => import('./Panel'));

/** Alt+Shift+S: Ctrl+Shift+I is the browser's devtools. Matched by the physical key (layouts change e.key). */
export const SHORTCUT = 'Alt+Shift+S';
const isShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS';

const Dock = styled('aside', {
  position: 'fixed',
  left: '$3',
  bottom: '$3',
  zIndex: 2147483000,
});

const Launcher = styled('button', {
  appearance: 'none',
  fontFamily: '$system',
  fontSize: '$small',
  fontWeight: '$menu',
  color: '$textLight',
  background: '$primary',
  border: '2px solid $textLight',
  borderRadius: '$round',
  padding: '$2 $4',
  minHeight: '44px',
  cursor: 'pointer',
  boxShadow: '$card',
});

export function Inspector({ recorder }: { recorder: InspectorRecorder }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  // Closing gives the focus back to the button (it is rendered again by then).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen((isOpen) => !isOpen);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Dock aria-label="Ferramentas de desenvolvimento">
      {!open && (
        <Launcher
          ref={button}
          type="button"
          title={`Inspetor de estados (${SHORTCUT})`}
          aria-keyshortcuts={SHORTCUT}
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          Estados
        </Launcher>
      )}
      {open && (
        <Suspense fallback={<p role="status">Carregando o inspetor…</p>}>
          <Panel recorder={recorder} onClose={close} />
        </Suspense>
      )}
    </Dock>
  );
}

/** Mounts the inspector in a root of its own, outside the app's (which may be hydrated from prerendered HTML). */
export function mountInspector(recorder: InspectorRecorder, document: Document): () => void {
  const host = document.createElement('div');
  host.id = 'club-inspector';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <Inspector recorder={recorder} />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
