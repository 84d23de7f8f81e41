import { checkEventPayload } from './event-payload';
import { Events } from './subjects';

const placed = { batchUid: '6f1c1a8e-6a44-4d1e-9f3c-2b7b3f1b8a11', userId: 7, orders: [{ orderId: 1, pharmSlug: 'a', items: [{ pharmProductId: 1, amount: 2 }] }] };
const offer = { pharmProductId: 4, productSlug: 'kush', pharmSlug: 'ph', price: 100, originalPrice: null, inStock: true, published: true, expiresAt: null, deleted: false };

describe('an event payload checked against its subject’s DTO', () => {
  it('gives a payload that fits as its DTO, keeping what the DTO does not name', () => {
    const checked = checkEventPayload(Events.order.batchPlaced, { ...placed, later: 'field' });
    expect(checked).toEqual({ ok: true, data: expect.objectContaining({ ...placed, later: 'field' }) });
  });

  it.each([
    [null],
    ['text'],
    [{ batchUid: 'x', userId: 'not a user', orders: 'none' }],
    [{ ...placed, userId: 0 }],
    [{ ...placed, batchUid: 'x' }],
    [{ ...placed, orders: [{ pharmSlug: 1, items: 'none' }] }],
    [{ ...placed, orders: [{ orderId: 1, pharmSlug: 'a', items: [{ pharmProductId: 'one', amount: 1 }] }] }],
    [{ ...placed, orders: [{ orderId: 1, pharmSlug: 'a', items: [{ pharmProductId: 1, amount: 0 }] }] }],
  ])('refuses one that does not fit: %j', (data) => {
    expect(checkEventPayload(Events.order.batchPlaced, data)).toMatchObject({ ok: false });
  });

  it('names the problems by path and rule, never by value', () => {
    const checked = checkEventPayload(Events.identity.smsCodeRequested, { phone: 5, secretRef: 'ref' });
    expect(checked).toEqual({ ok: false, problems: ['phone: isString'] });
    expect(checkEventPayload('evt.nobody.knows', {})).toEqual({ ok: false, problems: ['type: not an event of the bus'] });
    const product = checkEventPayload(Events.catalog.productChanged, { product: { slug: 'Not A Slug!' }, deleted: 'no' });
    expect(product.ok).toBe(false);
    expect(JSON.stringify(product)).not.toContain('Not A Slug');
  });

  it('keeps the offers of a batch that are offers, and leaves the others out', () => {
    const checked = checkEventPayload(Events.pharm.offersChanged, { offers: [{ pharmProductId: 'x' }, null, { ...offer, price: -5 }, { ...offer, pharmProductId: 7 }] });
    expect(checked).toEqual({ ok: true, data: { offers: [expect.objectContaining({ ...offer, pharmProductId: 7 })] } });
    expect(checkEventPayload(Events.pharm.offersChanged, { offers: 'none' })).toMatchObject({ ok: false });
  });
});
