import type { OrderStatus } from '@mc/contracts';
import type { SaveState } from '../../kit/backoffice/ui';

/** Spec 4 and 9: the status column saves 3 s after the last edit; 'saved' shows for 3 s. */
const STATUS_AUTOSAVE_MS = 3000;
const STATUS_SAVED_MS = 3000;

export interface StatusChange {
  orderId: number;
  status: OrderStatus;
}

export interface AutosaveSnapshot {
  state: SaveState;
  /** Edits not yet saved (the statuses the rows show meanwhile). */
  pending: ReadonlyMap<number, OrderStatus>;
}

/**
 * The status column's autosave, apart from React: every edit restarts one timer; when it fires, all the edits made
 * so far go in one call (several rows in one PATCH). Edits made while a save is on its way wait for the next timer.
 * A failed save shows 'error' and drops its edits (the list is refetched, so the rows show what is stored).
 */
export class StatusAutosave {
  private pending = new Map<number, OrderStatus>();
  private state: SaveState = 'idle';
  private snapshot: AutosaveSnapshot = { state: 'idle', pending: new Map() };
  private timer?: ReturnType<typeof setTimeout>;
  private savedTimer?: ReturnType<typeof setTimeout>;
  private inFlight: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  constructor(
    private readonly save: (changes: StatusChange[]) => Promise<unknown>,
    private readonly after: (outcome: 'saved' | 'error', error?: unknown) => void = () => {},
    private readonly delayMs = STATUS_AUTOSAVE_MS,
    private readonly savedMs = STATUS_SAVED_MS,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AutosaveSnapshot => this.snapshot;

  /** Whether an edit is waiting or being saved (the page warns before leaving). */
  get dirty(): boolean {
    return this.pending.size > 0 || this.state === 'saving';
  }

  /** One row's new status; `original` is the stored one (choosing it again cancels that row's edit). */
  edit(orderId: number, status: OrderStatus, original: OrderStatus): void {
    if (this.disposed) return;
    if (status === original) this.pending.delete(orderId);
    else this.pending.set(orderId, status);
    clearTimeout(this.timer);
    clearTimeout(this.savedTimer);
    if (this.pending.size) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      if (this.state !== 'saving') this.state = 'dirty';
    } else if (this.state !== 'saving') {
      this.state = 'idle';
    }
    this.emit();
  }

  /** Saves what is pending now (after any save already on its way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.inFlight = this.inFlight.then(() => this.saveNow());
    return this.inFlight;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    clearTimeout(this.savedTimer);
    this.listeners.clear();
  }

  private async saveNow(): Promise<void> {
    if (this.disposed || !this.pending.size) return;
    const batch = [...this.pending].map(([orderId, status]) => ({ orderId, status }));
    this.state = 'saving';
    this.emit();
    let outcome: 'saved' | 'error';
    let failure: unknown;
    try {
      await this.save(batch);
      outcome = 'saved';
    } catch (error) {
      outcome = 'error';
      failure = error;
    }
    if (this.disposed) return;
    // Only what was sent leaves the pending edits (a row edited again meanwhile keeps its newer status).
    for (const change of batch) if (this.pending.get(change.orderId) === change.status) this.pending.delete(change.orderId);
    this.state = this.pending.size ? 'dirty' : outcome;
    if (this.state === 'saved') this.savedTimer = setTimeout(() => this.settle(), this.savedMs);
    this.emit();
    this.after(outcome, failure);
  }

  private settle(): void {
    if (this.state !== 'saved') return;
    this.state = 'idle';
    this.emit();
  }

  private emit(): void {
    this.snapshot = { state: this.state, pending: new Map(this.pending) };
    for (const listener of this.listeners) listener();
  }
}
