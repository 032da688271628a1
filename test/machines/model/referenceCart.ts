// The cart as the model tests understand docs/requirements.md#cart, written without the domain's cart functions and
// without reading any machine: the oracle of the machine, happy-dom and Chromium cart model tests.
import type { CartItem, Product } from '../../../src/domain';

export type ExpectedStorageWrite = { method: 'save'; items: CartItem[] } | { method: 'clear' };

export class ReferenceCart {
  private lines: Array<{ id: string; quantity: number }> = [];
  private restored = false;
  /** Changes made before the saved cart is back: applied to it, in order, once it is. */
  private waiting: Array<() => void> = [];
  private paymentCleared = false;
  private otherTabWroteWhileRestoring = false;
  panelOpen = false;
  /** The browser refuses writes (full or denied storage): writes are tried, storage keeps what it had. */
  storageRefuses = false;
  /** The shopper is told the cart is not saved: a write was refused and none has worked since. */
  unsaved = false;
  /** Every write to storage so far, in order: one per change of the lines (none for another tab's cart). */
  readonly writes: ExpectedStorageWrite[] = [];
  /** What storage holds now (null: nothing saved). */
  stored: CartItem[] | null = null;
  /** The units left per product as last read (docs/requirements.md#stock); a product not in it has no cap. */
  private unitsLeft = new Map<string, number>();
  /** Every stock read the cart asked for: its lines' ids, in order. */
  readonly stockReads: string[][] = [];

  constructor(private readonly products: readonly Product[]) {}

  /** The cart on screen. */
  items(): CartItem[] {
    return this.lines.map(({ id, quantity }) => ({ ...this.products.find((p) => p.id === id)!, quantity }));
  }
  /** The lines as id/quantity pairs (for written-out totals). */
  quantities(): Array<{ id: string; quantity: number }> {
    return this.lines.map((l) => ({ ...l }));
  }
  count(): number {
    let count = 0;
    for (const l of this.lines) count += l.quantity;
    return count;
  }
  isRestoring(): boolean {
    return !this.restored;
  }
  /** True when another tab wrote storage while this one was still restoring (its load read the older cart). */
  otherTabWroteFirst(): boolean {
    return this.otherTabWroteWhileRestoring;
  }

  /** The storage holds this cart when the page starts. */
  startsWith(saved: CartItem[]) {
    this.stored = saved.length ? saved.map((i) => ({ ...i })) : null;
  }
  /** The saved cart came back (`null`: it could not be read, the cart starts empty); waiting changes apply. */
  restore(saved: CartItem[] | null) {
    if (saved) this.lines = saved.map(({ id, quantity }) => ({ id, quantity }));
    this.restored = true;
    const waiting = this.waiting;
    this.waiting = [];
    for (const apply of waiting) apply();
  }

  /** A line may hold this many more units: none past the units left (a sold-out product none at all). */
  private room(id: string, quantity: number): boolean {
    const left = this.unitsLeft.get(id);
    return left === undefined || quantity < left;
  }
  add(id: string) {
    this.change(() => {
      const existing = this.lines.find((l) => l.id === id);
      if (existing) {
        if (this.room(id, existing.quantity)) existing.quantity += 1;
      } else if (this.room(id, 0)) this.lines.push({ id, quantity: 1 });
    });
  }
  increase(id: string) {
    this.change(() => {
      const existing = this.lines.find((l) => l.id === id);
      if (existing && this.room(id, existing.quantity)) existing.quantity += 1;
    });
  }
  soldOut(id: string): boolean {
    return this.unitsLeft.get(id) === 0;
  }
  /** The panel opens: once the saved cart is back, the stock of a cart with lines is read. */
  openPanel() {
    this.panelOpen = true;
    if (this.restored && this.lines.length) this.stockReads.push(this.lines.map((l) => l.id));
  }
  /** The checkout page asks for the lines' stock (after the restore, if it is not back yet). */
  checkStock() {
    const read = () => {
      if (this.lines.length) this.stockReads.push(this.lines.map((l) => l.id));
    };
    if (this.restored) read();
    else this.waiting.push(read);
  }
  /** Units read: lines above them come down to them, saved only if one did; a sold-out line stays as it is. */
  stockKnown(units: Record<string, number | null>) {
    const apply = () => {
      for (const [id, left] of Object.entries(units)) {
        if (left === null) this.unitsLeft.delete(id);
        else this.unitsLeft.set(id, left);
      }
      let lowered = false;
      for (const line of this.lines) {
        const left = this.unitsLeft.get(line.id);
        if (left !== undefined && left > 0 && line.quantity > left) {
          line.quantity = left;
          lowered = true;
        }
      }
      if (lowered) this.write();
    };
    if (this.restored) apply();
    else this.waiting.push(apply);
  }
  decrease(id: string) {
    this.change(() => {
      const existing = this.lines.find((l) => l.id === id);
      if (!existing) return;
      existing.quantity -= 1;
      if (existing.quantity === 0) this.lines = this.lines.filter((l) => l.id !== id);
    });
  }
  remove(id: string) {
    this.change(() => {
      this.lines = this.lines.filter((l) => l.id !== id);
    });
  }
  /** docs/requirements.md#cart: a confirmed payment empties the cart once, after the restore; a repeat changes nothing. */
  paymentConfirmed() {
    const apply = () => {
      if (this.paymentCleared) return;
      this.paymentCleared = true;
      this.lines = [];
      this.write();
    };
    if (this.restored) apply();
    else this.waiting.push(apply);
  }
  /** Another tab saved `items`: storage holds them now; this tab shows them (after its restore), saving nothing. */
  otherTabSaved(items: CartItem[]) {
    this.stored = items.length ? items.map((i) => ({ ...i })) : null;
    if (!this.restored) this.otherTabWroteWhileRestoring = true;
    const apply = () => {
      this.lines = items.map(({ id, quantity }) => ({ id, quantity }));
    };
    if (this.restored) apply();
    else this.waiting.push(apply);
  }

  /**
   * Another tab changed its cart (which held what this one holds) to `items`: its change arrives and is
   * merged here: lines keep their places, removed lines go, new lines come last; the merged cart is saved.
   */
  otherTabChanged(items: CartItem[]) {
    const next = new Map(items.map((i) => [i.id, i.quantity]));
    const kept = this.lines.filter((l) => next.has(l.id)).map((l) => ({ id: l.id, quantity: next.get(l.id)! }));
    const added = items
      .filter((i) => !this.lines.some((l) => l.id === i.id))
      .map(({ id, quantity }) => ({ id, quantity }));
    this.lines = [...kept, ...added];
    const merged = this.items();
    this.stored = merged.length ? merged : null;
  }

  private change(apply: () => void) {
    const run = () => {
      apply();
      this.write();
    };
    if (this.restored) run();
    else this.waiting.push(run);
  }
  /** Saved whenever non-empty, removed when emptied (docs/requirements.md#cart). */
  private write() {
    const items = this.items();
    this.writes.push(items.length ? { method: 'save', items } : { method: 'clear' });
    if (this.storageRefuses) return;
    this.stored = items.length ? items : null;
  }
}
