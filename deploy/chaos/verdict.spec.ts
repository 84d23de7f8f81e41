// The rules `make chaos` judges by (deploy/chaos/verdict.js), on records made by hand.
import { judgeEvents, judgeFault, judgeOrders, judgeRolling } from './verdict';

const request = (route: string, needs: string[], start: number, end: number, status: number, unavailable = status === 503) => ({ route, needs, start, end, status, unavailable });
const fault = { name: 'cart', service: 'cart', killedAt: 1000, startedAt: 5000, readyAt: 7000, end: 14_000 };

describe('the chaos run’s verdict', () => {
  it('allows the Hebrew 503 to routes needing the dead service only, and measures recovery from its readiness', () => {
    const fine = judgeFault(fault, [
      request('cartStore', ['cart'], 2000, 2100, 503),
      request('cartStore', ['cart'], 7500, 7600, 503),
      request('products', ['catalog'], 3000, 3050, 200),
      request('cartStore', ['cart'], 8000, 8100, 200),
      request('products', ['catalog'], 500, 900, 500), // before the kill: not this fault's
    ]);
    expect(fine).toMatchObject({ ok: true, requests: 4, unavailable: 2, failedElsewhere: 0, failedOtherwise: 0, recoveryMs: 500, downMs: 4000, startMs: 2000 });
    // A request under way when the next fault struck is the next fault's.
    expect(judgeFault({ ...fault, until: 13_000 }, [request('quote', ['order'], 12_900, 23_000, 503)])).toMatchObject({ ok: true, requests: 0 });
    // One under way at this kill waits its timeout: not a slow recovery.
    expect(judgeFault(fault, [request('order', ['cart'], 900, 11_000, 503)])).toMatchObject({ ok: true, recoveryMs: 0 });

    expect(judgeFault(fault, [request('products', ['catalog'], 3000, 3050, 503)])).toMatchObject({ ok: false, failedElsewhere: 1 });
    expect(judgeFault(fault, [request('products', ['catalog'], 3000, 3050, 0)])).toMatchObject({ ok: false, failedElsewhere: 1 });
    // A needing route failing otherwise than with the Hebrew 503 (a bare 503, a 500, no answer).
    expect(judgeFault(fault, [request('cartStore', ['cart'], 3000, 3050, 503, false)])).toMatchObject({ ok: false, failedOtherwise: 1 });
    expect(judgeFault(fault, [request('cartStore', ['cart'], 3000, 3050, 500)])).toMatchObject({ ok: false, failedOtherwise: 1 });
    // Still failing 5.1 s after it was ready: recovery over its budget.
    expect(judgeFault(fault, [request('cartStore', ['cart'], 12_100, 12_150, 503)])).toMatchObject({ ok: false, recoveryMs: 5100 });
    // A 4xx is an answer, not a failure.
    expect(judgeFault(fault, [request('order', ['order'], 3000, 3050, 409)])).toMatchObject({ ok: true, failedElsewhere: 0 });
  });

  it('lets no route fail when a worker or a NATS node dies, nor during a rolling restart', () => {
    const worker = { ...fault, name: 'stock-feed (worker)', service: undefined };
    expect(judgeFault(worker, [request('cartStore', ['cart'], 3000, 3050, 503)])).toMatchObject({ ok: false, failedElsewhere: 1 });
    expect(judgeFault(worker, [request('cartStore', ['cart'], 3000, 3050, 200)])).toMatchObject({ ok: true, recoveryMs: 0 });
    // A NATS node's death: a request under way through it may be lost (the Hebrew 503), one asked after may not fail.
    const node = { ...worker, name: 'NATS node', node: true };
    expect(judgeFault(node, [request('order', ['order'], 900, 10_900, 503)])).toMatchObject({ ok: true, lostInFlight: 1, unavailable: 1 });
    expect(judgeFault(node, [request('order', ['order'], 1100, 2100, 503)])).toMatchObject({ ok: false, failedElsewhere: 1 });
    expect(judgeFault(node, [request('order', ['order'], 900, 2100, 0)])).toMatchObject({ ok: false, failedElsewhere: 1 });
    const rolling = { name: 'pharm', start: 0, end: 10_000 };
    expect(judgeRolling(rolling, [request('comparison', ['pharm'], 100, 200, 200)])).toMatchObject({ ok: true, failures: 0 });
    expect(judgeRolling(rolling, [request('comparison', ['pharm'], 100, 200, 503)])).toMatchObject({ ok: false, failures: 1 });
  });

  it('counts an order lost when it was confirmed and not stored, doubled when stored twice', () => {
    const attempts = [
      { key: 'a', confirmed: true, refused: false },
      { key: 'b', confirmed: true, refused: false },
      { key: 'c', confirmed: false, refused: false },
      { key: 'd', confirmed: false, refused: true },
    ];
    expect(judgeOrders(attempts, new Map([['a', 1], ['b', 1], ['c', 1]]))).toMatchObject({ ok: true, lost: 0, doubled: 0, placedUnanswered: 1, confirmed: 2, refused: 1, stored: 3 });
    expect(judgeOrders(attempts, new Map([['a', 1]]))).toMatchObject({ ok: false, lost: 1 });
    expect(judgeOrders(attempts, new Map([['a', 1], ['b', 2]]))).toMatchObject({ ok: false, doubled: 1 });
  });

  it('reads an event lost or applied twice from its effects: the reservation, the orders, the messages and the stock', () => {
    const batch = { uid: 'u', reservation: 'confirmed', orders: [{ status: 'open', hasOrderEmail: true, pharmacyEmails: ['sent'] }], confirmations: [{ status: 'sent' }] };
    const stock = [{ offer: 1, before: 10, after: 8, ordered: 2 }];
    expect(judgeEvents([batch], stock)).toMatchObject({ ok: true, lost: 0, twice: 0 });
    expect(judgeEvents([{ ...batch, reservation: 'held' }], stock)).toMatchObject({ ok: false, lost: 1, notConfirmedInPharm: 1 });
    expect(judgeEvents([{ ...batch, orders: [{ ...batch.orders[0], status: 'new' }] }], stock)).toMatchObject({ ok: false, notOpened: 1 });
    expect(judgeEvents([{ ...batch, confirmations: [] }], stock)).toMatchObject({ ok: false, confirmationsMissing: 1 });
    expect(judgeEvents([{ ...batch, confirmations: [{ status: 'sent' }, { status: 'sent' }] }], stock)).toMatchObject({ ok: false, twice: 1 });
    expect(judgeEvents([{ ...batch, confirmations: [{ status: 'queued' }] }], stock)).toMatchObject({ ok: false, notSent: 1 });
    expect(judgeEvents([{ ...batch, orders: [{ ...batch.orders[0], pharmacyEmails: [] }] }], stock)).toMatchObject({ ok: false, pharmacyNoticesWrong: 1 });
    expect(judgeEvents([batch], [{ offer: 1, before: 10, after: 6, ordered: 2 }])).toMatchObject({ ok: false, twice: 1, stockWrong: 1 });
    expect(judgeEvents([batch], [{ offer: 1, before: 10, after: 10, ordered: 2 }])).toMatchObject({ ok: false, lost: 1, stockWrong: 1 });
  });
});
