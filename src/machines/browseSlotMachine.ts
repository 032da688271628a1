import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export type BrowseSlotEvent =
  /** The page has hydrated; `viewAsked`: its address asks for a sort or a price band (?ordem=, ?preco=). */
  | { type: 'browseSlot.hydrated'; viewAsked: boolean }
  /** The browse chunk's actor shows its view: the grid may be painted. */
  | { type: 'browseSlot.viewShown' };

export interface BrowseSlotInput {
  /** How long the grid waits unpainted for the chunk before it shows the list in its own order. */
  fallbackMs: number;
}

/**
 * A product list's slot before the browse chunk arrives (src/features/browse/browseSlot.tsx). An address with a
 * sort or a band is not the list in its own order: after hydration the grid keeps its place unpainted (tag
 * `holding`) until the chunk's actor shows the chosen view, or `fallbackMs` have passed (the chunk is slow or
 * failed), when the list in its own order is better than nothing.
 */
export const browseSlotMachine = setup({
  types: {
    context: {} as BrowseSlotInput,
    events: {} as BrowseSlotEvent,
    input: {} as BrowseSlotInput,
  },
  delays: { fallback: ({ context }) => context.fallbackMs },
  guards: { viewAsked: ({ event }) => event.type === 'browseSlot.hydrated' && event.viewAsked },
}).createMachine({
  id: 'browseSlot',
  context: ({ input }) => ({ fallbackMs: input.fallbackMs }),
  initial: 'hydrating',
  states: {
    /** The server's render and the first client render: the prerendered view, as it was. */
    hydrating: {
      on: { 'browseSlot.hydrated': [{ guard: 'viewAsked', target: 'holding' }, { target: 'listShown' }] },
    },
    /** The grid keeps its place unpainted while the chunk brings the chosen view. */
    holding: {
      tags: ['holding'],
      after: { fallback: 'listShown' },
      on: { 'browseSlot.viewShown': 'viewShown' },
    },
    /** The list in its own order: nothing asked for another view, or the chunk took too long. */
    listShown: { on: { 'browseSlot.viewShown': 'viewShown' } },
    /** The chunk's actor shows the view (the grid follows it from now on; later lists change nothing here). */
    viewShown: {},
  },
});

export type BrowseSlotActorRef = ActorRefFrom<typeof browseSlotMachine>;
export type BrowseSlotSnapshot = SnapshotFrom<typeof browseSlotMachine>;
