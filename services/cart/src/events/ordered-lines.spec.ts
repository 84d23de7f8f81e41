import { orderedLines } from './ordered-lines';

describe('orderedLines: whose cart a placed batch empties, and of which lines', () => {
  it('gathers the pharm products of every order of the batch, once each', () => {
    expect(orderedLines({
      batchUid: 'b', userId: 7,
      orders: [
        { orderId: 1, pharmSlug: 'a', items: [{ pharmProductId: 1, amount: 2 }, { pharmProductId: 2, amount: 1 }] },
        { orderId: 2, pharmSlug: 'b', items: [{ pharmProductId: 9, amount: 1 }, { pharmProductId: 1, amount: 1 }] },
      ],
    })).toEqual({ userId: 7, pharmProductIds: [1, 2, 9] });
  });

  it.each([
    [null],
    [{ userId: 'x', orders: [] }],
    [{ userId: 0, orders: [{ items: [{ pharmProductId: 1 }] }] }],
    [{ userId: 7, orders: 'none' }],
    [{ userId: 7, orders: [{ items: null }, { items: [{ pharmProductId: 'one' }] }] }],
  ])('names nothing for an event it cannot read: %j', (data) => {
    expect(orderedLines(data)).toBeUndefined();
  });
});
