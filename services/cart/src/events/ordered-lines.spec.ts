import { orderedLines } from './ordered-lines';

// An event it cannot read never reaches it: the kit refuses it by its contract (contracts' event-payload.spec).

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
});
