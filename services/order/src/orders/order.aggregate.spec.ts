import { Messages, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '@mc/contracts';
import { toServiceError } from '@mc/kit';
import { isFinal, moveOrder, type OrderForTransition } from './order.aggregate';

const order = (status: OrderStatus): OrderForTransition => ({
  id: 7, batchUid: '0d9c3a4e-6a39-4b8e-9d64-0c2f8e1b7a11', pharmSlug: 'p', status, finalAt: null, items: [{ pharmProductId: 3, amount: 2 }],
});
const at = new Date('2026-01-01T10:00:00Z');

describe('the order aggregate', () => {
  it('allows exactly the transitions of ORDER_TRANSITIONS, yielding history and event', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) {
          const t = moveOrder(order(from), to, at, 5);
          expect(t.status).toBe(to);
          expect(t.history).toEqual({ orderId: 7, from, to, at, byUserId: 5 });
          expect(t.event).toEqual({ orderId: 7, batchUid: order(from).batchUid, pharmSlug: 'p', items: [{ pharmProductId: 3, amount: 2 }], from, to });
          expect(t.finalAt).toEqual(isFinal(to) ? at : null);
        } else {
          let thrown: unknown;
          try {
            moveOrder(order(from), to, at, 5);
          } catch (err) {
            thrown = err;
          }
          expect(toServiceError(thrown)).toEqual({ status: 409, code: 'CONFLICT', message: Messages.orderStatusLocked });
        }
      }
    }
  });

  it('never leaves a final status, not even to itself', () => {
    for (const final of ['complete', 'canceled', 'closed'] as const) {
      expect(isFinal(final)).toBe(true);
      for (const to of ORDER_STATUSES) expect(() => moveOrder(order(final), to, at, null)).toThrow();
    }
    expect(() => moveOrder(order('open'), 'open', at, null)).toThrow();
  });
});
