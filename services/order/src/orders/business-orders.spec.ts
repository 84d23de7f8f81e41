import { PgDialect } from 'drizzle-orm/pg-core';
import { orderSearchCondition } from './business-orders.service';

const dialect = new PgDialect();
const query = (search: string | undefined) => {
  const { where, exactId } = orderSearchCondition(search);
  return { exactId, ...(where ? dialect.sqlToQuery(where) : { sql: undefined, params: [] }) };
};

describe("the back office's order search", () => {
  it('reads digits alone as an order id or a phone, never anything else', () => {
    const q = query(' 12345 ');
    expect(q.exactId).toBe(12345);
    expect(q.sql).toContain('"orders"."id" = $1');
    expect(q.params).toEqual([12345, '%12345%']);
  });

  it('reads a dashed phone as its digits, not as an id', () => {
    const q = query('054-123-4567');
    expect(q.exactId).toBeUndefined();
    expect(q.params).toEqual(['%0541234567%']);
    expect(q.sql).not.toContain('"orders"."id" =');
  });

  it('reads one or two digits as an order id only (a phone needs three)', () => {
    expect(query('7').params).toEqual([7]);
    expect(query('-').sql).toBe('false');
  });

  it('matches every word of a name or an e-mail, in lower case, final letters as regular ones, without niqqud', () => {
    const q = query('  שָׁלוֹם   Dana@Example.COM ');
    expect(q.exactId).toBeUndefined();
    expect(q.params).toEqual(['%שלומ%', '%dana@example.com%']);
  });

  it('matches the LIKE wildcards literally', () => {
    expect(query('100%_off').params).toEqual(['%100\\%\\_off%']);
  });

  it('has no condition for an empty search', () => {
    expect(query(undefined).sql).toBeUndefined();
    expect(query('   ').sql).toBeUndefined();
  });
});
