import { HTTPError, TimeoutError, type KyInstance } from 'ky';

/** What an adapter over our backend is built with. */
export interface BackendPortOptions {
  /** A ky instance with `prefixUrl` set to the backend. */
  http: KyInstance;
  /** The signed-in shopper's Firebase ID token, or null. */
  idToken: () => Promise<string | null>;
  timeoutMs?: number;
}

/** How a call to our backend failed, in the words every port's error shares; each port names its own statuses. */
export interface BackendFailure {
  reason: 'http' | 'unauthenticated' | 'timeout' | 'network' | 'invalid-response';
  detail: string;
  status?: number;
  /** The backend's own pt-BR message (`{ error: { message } }`), when its answer carried one. */
  userMessage?: string;
  cause: unknown;
}

export class BackendCallFailed extends Error {
  override name = 'BackendCallFailed';
  constructor(readonly failure: BackendFailure) {
    super(failure.detail, { cause: failure.cause });
  }
}

/**
 * POSTs `json` to the backend's `path` with the shopper's ID token and answers the parsed JSON body. Never retried
 * here: asking again is the calling machine's decision (the checkout's same Idempotency-Key, a return's repeat).
 * Every failure is a BackendCallFailed.
 */
export async function postToBackend(
  http: KyInstance,
  path: string,
  {
    json,
    idToken,
    headers = {},
    timeoutMs,
  }: { json: unknown; idToken: string; headers?: Record<string, string>; timeoutMs: number },
): Promise<unknown> {
  try {
    const response = await http.post(path, {
      json,
      headers: { authorization: `Bearer ${idToken}`, ...headers },
      timeout: timeoutMs,
      retry: 0,
    });
    return await response.json().catch((error: unknown) => {
      throw new BackendCallFailed({
        reason: 'invalid-response',
        detail: 'the answer is not JSON',
        status: response.status,
        cause: error,
      });
    });
  } catch (error) {
    if (error instanceof BackendCallFailed) throw error;
    if (error instanceof HTTPError) {
      const status = error.response.status;
      throw new BackendCallFailed({
        reason: status === 401 || status === 403 ? 'unauthenticated' : 'http',
        detail: `the backend answered ${status}`,
        status,
        userMessage: await readErrorMessage(error.response),
        cause: error,
      });
    }
    if (error instanceof TimeoutError)
      throw new BackendCallFailed({ reason: 'timeout', detail: `no answer in ${timeoutMs} ms`, cause: error });
    throw new BackendCallFailed({
      reason: 'network',
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

/** `{ error: { message } }`, the backend's error shape; undefined when the body is anything else. */
async function readErrorMessage(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null);
  const message =
    typeof body === 'object' && body !== null ? (body as { error?: { message?: unknown } }).error?.message : undefined;
  return typeof message === 'string' && message.length > 0 && message.length <= 300 ? message : undefined;
}
