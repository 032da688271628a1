import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useOffline } from './OfflineStatus';
import { RetryAlert } from './RetryAlert';

/** Shown, with "Tentar novamente", where a route's page could not be loaded (its chunk did not download). */
export const PAGE_LOAD_FAILED_MESSAGE =
  'Não foi possível carregar esta página. Verifique sua conexão e tente novamente.';

const PLACE = { margin: '$5 auto', padding: '0 $4', maxWidth: 720 } as const;

/**
 * The message, retried by the button and by itself when the connection comes back: the connectivity machine
 * (src/machines/connectivityMachine.ts, the one source of online and offline) leaves `offline` while it is shown.
 */
function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const offline = useOffline();
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) onRetry();
    wasOffline.current = offline;
  }, [offline, onRetry]);
  return <RetryAlert message={PAGE_LOAD_FAILED_MESSAGE} onRetry={onRetry} css={PLACE} />;
}

interface Props {
  /** A new value (the location) clears the error: the shopper went elsewhere. */
  resetKey: string;
  /**
   * Called before the page renders again (src/ui/lazyPages.tsx: failed pages get a fresh import); `asked` is
   * false when the reason is a new location rather than "Tentar novamente" or the connection coming back.
   */
  onRetry: (asked: boolean) => void;
  onError: (error: unknown, componentStack: string | null | undefined) => void;
  children: ReactNode;
}

/** Around the routes: a page that throws (a chunk that did not download) is a message, never a blank page. */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset(false);
  }

  private reset(asked: boolean) {
    this.props.onRetry(asked);
    this.setState({ failed: false });
  }

  retry = () => this.reset(true);

  override render() {
    return this.state.failed ? <PageLoadFailed onRetry={this.retry} /> : this.props.children;
  }
}
