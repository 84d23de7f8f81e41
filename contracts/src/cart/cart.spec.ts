import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Messages } from '../messages';
import { ResolveCartDto } from '.';

const errorsOf = (body: unknown) =>
  validateSync(plainToInstance(ResolveCartDto, body), { whitelist: true, forbidUnknownValues: false });
const firstMessage = (body: unknown): string | undefined => {
  const [error] = errorsOf(body);
  const nested = error?.children?.[0]?.children?.[0];
  return Object.values(error?.constraints ?? nested?.constraints ?? {})[0];
};

describe('ResolveCartDto', () => {
  it('accepts a cart of distinct products, 1 to 10 of each', () => {
    expect(errorsOf({ cartItems: [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 7, amount: 10 }] })).toHaveLength(0);
    expect(errorsOf({ cartItems: [] })).toHaveLength(0);
  });

  it("refuses more than 10 of one product with the spec's message", () => {
    expect(firstMessage({ cartItems: [{ pharmProductId: 1, amount: 11 }] })).toBe(Messages.cartLimit);
  });

  it.each([
    ['no items', {}],
    ['items not a list', { cartItems: 'x' }],
    ['an id as a string', { cartItems: [{ pharmProductId: '1', amount: 1 }] }],
    ['an amount of 0', { cartItems: [{ pharmProductId: 1, amount: 0 }] }],
    ['a fractional id', { cartItems: [{ pharmProductId: 1.5, amount: 1 }] }],
    ['one product twice', { cartItems: [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 1, amount: 2 }] }],
    ['51 products', { cartItems: Array.from({ length: 51 }, (_, i) => ({ pharmProductId: i + 1, amount: 1 })) }],
  ])('refuses %s', (_name, body) => {
    expect(firstMessage(body)).toBe(Messages.badRequest);
  });
});
