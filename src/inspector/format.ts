// Text for the inspector's event log: short payload summaries, transitions, snapshots as bounded JSON.
import type { RecordedEvent, RecordedTransition } from './recorder';

const MAX_SUMMARY = 80;
export const MAX_JSON = 4000;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One level deep: `product: Jaqueta de Couro Preta, quantity: 2`; objects by their name or id, lists by size. */
export function summarizePayload(event: { type: string; [key: string]: unknown }): string {
  const parts = Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}: ${summarizeValue(value)}`);
  return clip(parts.join(', '), MAX_SUMMARY);
}

function summarizeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return clip(JSON.stringify(value), 40);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  const named = value as { name?: unknown; id?: unknown; message?: unknown };
  for (const key of ['name', 'id', 'message'] as const) {
    if (typeof named[key] === 'string') return clip(named[key], 40);
  }
  return '{…}';
}

/** `cart.storage.ready` of machine `cart` → `storage.ready`. */
const local = (machine: string, id: string) => (id.startsWith(`${machine}.`) ? id.slice(machine.length + 1) : id);

/** `loggedOut.idle → loggedOut.signingIn`; a transition without target: `storage.ready (fica)`. */
export function describeTransition(machine: string, t: RecordedTransition): string {
  return t.to.length
    ? `${local(machine, t.from)} → ${t.to.map((id) => local(machine, id)).join(', ')}`
    : `${local(machine, t.from)} (fica)`;
}

export function describeOutcome(entry: RecordedEvent): string {
  if (entry.event.type === 'xstate.init') return 'início';
  if (entry.after === undefined) return 'na fila';
  if (entry.ignored) return 'Ignorado';
  return entry.transitions.map((t) => describeTransition(entry.machine, t)).join('; ');
}

/** What a snapshot shows a developer: its value, status and context, as JSON of at most `max` characters. */
export function snapshotJson(snapshot: unknown, max = MAX_JSON): string {
  if (snapshot === undefined) return '—';
  const s = snapshot as { value?: unknown; status?: unknown; context?: unknown };
  const seen = new WeakSet<object>();
  const json = JSON.stringify(
    { value: s.value, status: s.status, context: s.context },
    (_key, value: unknown) => {
      if (typeof value === 'string') return clip(value, 200);
      if (typeof value !== 'object' || value === null) return value;
      // Actor references (invoked children kept in context) are shown by id, not walked.
      if ('sessionId' in value && 'send' in value) return `[actor ${String((value as { id?: unknown }).id)}]`;
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      if (seen.has(value)) return '[circular]';
      seen.add(value);
      return value;
    },
    2,
  );
  return json.length > max ? `${json.slice(0, max)}\n… (truncado: ${json.length} caracteres)` : json;
}
