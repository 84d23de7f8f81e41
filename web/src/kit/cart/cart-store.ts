import { canAddToCart, cartCount, isValidCartAmount, Messages, type CookieCartItem } from '@mc/contracts';
import { clearCookieCart, readCookieCart, writeCookieCart } from './cart-cookie';

/** One change to the cart, as a backend that keeps the cart elsewhere (the server) applies it. */
export type CartOperation =
  | { kind: 'add'; pharmProductId: number; amount: number }
  | { kind: 'update'; pharmProductId: number; amount: number }
  | { kind: 'remove'; pharmProductId: number }
  | { kind: 'store'; items: CookieCartItem[] };

/**
 * Where the cart is kept. Guests keep it in the cookie (load, change, save); signed-in users on the server
 * (`server-cart.ts`), which applies each change itself (`apply`) and answers the cart after it.
 */
export interface CartBackend {
  load(): Promise<CookieCartItem[]>;
  save(items: CookieCartItem[]): Promise<void>;
  apply?(operation: CartOperation): Promise<CookieCartItem[]>;
}

export const cookieBackend: CartBackend = {
  load: async () => readCookieCart().cartItems,
  save: async (items) => void writeCookieCart(items),
};

export interface CartSnapshot {
  items: readonly CookieCartItem[];
  count: number;
  /** When the cart last changed in this tab (drives the header icon's pulse); 0 before any change. */
  changedAt: number;
}

/** An empty cart before any change: the same object as the server render's, so taking over its page redraws nothing. */
export const EMPTY_CART: CartSnapshot = { items: [], count: 0, changedAt: 0 };

/**
 * The cart and its operations. Operations run one at a time in a queue, each on the latest stored
 * cart (another tab may have changed the cookie), so quick clicks never lose an update.
 */
export class CartStore {
  private snapshot: CartSnapshot;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The operation running now (the lock waits for it, not for those queued behind the lock). */
  private running: Promise<unknown> = Promise.resolve();
  /** Spec 4's order lock: while set, the queue holds its next operation until `unlocked` resolves. */
  private lock: { unlocked: Promise<void>; release: () => void } | null = null;

  constructor(private backend: CartBackend = cookieBackend, initial: CookieCartItem[] = readCookieCart().cartItems) {
    this.snapshot = initial.length ? { items: initial, count: cartCount(initial), changedAt: 0 } : EMPTY_CART;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CartSnapshot => this.snapshot;

  add(pharmProductId: number, amount: number): Promise<void> {
    return this.run({ kind: 'add', pharmProductId, amount }, (items) => {
      const existing = items.find((item) => item.pharmProductId === pharmProductId);
      if (!canAddToCart(existing?.amount ?? 0, amount)) throw new Error(Messages.cartLimit);
      return existing
        ? items.map((item) => (item === existing ? { pharmProductId, amount: existing.amount + amount } : item))
        : [...items, { pharmProductId, amount }];
    });
  }

  update(pharmProductId: number, amount: number): Promise<void> {
    return this.run({ kind: 'update', pharmProductId, amount }, (items) => {
      if (!isValidCartAmount(amount)) throw new Error(Messages.cartLimit);
      return items.map((item) => (item.pharmProductId === pharmProductId ? { pharmProductId, amount } : item));
    });
  }

  remove(pharmProductId: number): Promise<void> {
    return this.run({ kind: 'remove', pharmProductId }, (items) => items.filter((item) => item.pharmProductId !== pharmProductId));
  }

  /** Replaces every line at once (moving the cart to one pharmacy), in the queue's turn like any other change. */
  replace(items: CookieCartItem[]): Promise<void> {
    return this.run({ kind: 'store', items }, () => items);
  }

  /**
   * Spec 4: clearing the cart sets the order lock, empties the stored cart (the server's, or the cookie's) and the
   * cookie, then unlocks (operations queued meanwhile run after it, on the empty cart).
   */
  clear(): Promise<void> {
    return this.whileLocked(async (cart) => {
      await this.backend.save([]);
      clearCookieCart();
      cart.replace([]);
    });
  }

  /** Whether the order lock is set (the queue is paused). */
  get locked(): boolean {
    return this.lock !== null;
  }

  /**
   * Runs `work` under spec 4's order lock: the queue pauses (the operation running finishes first; later ones wait)
   * until `work` settles, then resumes. `work` reads or replaces the cart directly (`reload`, `replace`), never
   * through the queue, which is paused. Placing an order runs here: submit, then reload the server's cart.
   */
  async whileLocked<T>(work: (cart: { reload(): Promise<void>; replace(items: CookieCartItem[]): void }) => Promise<T>): Promise<T> {
    while (this.lock) await this.lock.unlocked;
    let release!: () => void;
    const unlocked = new Promise<void>((resolve) => (release = resolve));
    this.lock = { unlocked, release };
    try {
      await this.running;
      return await work({
        reload: async () => this.publish(await this.backend.load(), false),
        replace: (items) => this.publish(items, true),
      });
    } finally {
      this.lock = null;
      release();
    }
  }

  /**
   * Moves the cart to another backend (signing in or out), in the queue's turn: `start` runs on the new backend
   * and answers the cart to show, which replaces the one shown (nothing of the old backend's cart stays).
   */
  switchTo(backend: CartBackend, start: () => Promise<CookieCartItem[]> = () => backend.load()): Promise<void> {
    return this.enqueue(async () => {
      this.backend = backend;
      this.publish(await start(), false);
    });
  }

  /** Picks up changes made elsewhere (another tab), without counting them as a change here. */
  refresh(): Promise<void> {
    return this.enqueue(async () => this.publish(await this.backend.load(), false));
  }

  private run(operation: CartOperation, change: (items: CookieCartItem[]) => CookieCartItem[]): Promise<void> {
    return this.enqueue(async () => {
      if (this.backend.apply) {
        // The limit is checked on the cart shown first (the server checks it again), so an over-limit click costs no call.
        change([...this.snapshot.items]);
        this.publish(await this.backend.apply(operation), true);
        return;
      }
      const next = change(await this.backend.load());
      await this.backend.save(next);
      this.publish(next, true);
    });
  }

  private enqueue(operation: () => Promise<void>): Promise<void> {
    const result = this.queue.then(async () => {
      // Checked again after each wait: the operation starts in the same turn as the last check, so a lock set
      // later waits for it (through `running`) instead of racing it.
      while (this.lock) await this.lock.unlocked;
      const started = operation();
      this.running = started.catch(() => undefined);
      return started;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  private publish(items: CookieCartItem[], changed: boolean) {
    const same = items.length === this.snapshot.items.length
      && items.every((item, i) => item.pharmProductId === this.snapshot.items[i].pharmProductId && item.amount === this.snapshot.items[i].amount);
    if (same && !changed) return;
    this.snapshot = { items, count: cartCount(items), changedAt: changed ? Date.now() : this.snapshot.changedAt };
    for (const listener of this.listeners) listener();
  }
}
