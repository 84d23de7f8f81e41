import { ServerNats } from '@nestjs/microservices';
import pino from 'pino';
import { DrainingNatsServer } from './draining-server';

/** The route a server works out for a subject (a protected method of Nest's servers). */
const routeOf = (server: ServerNats, pattern: string): string => (server as unknown as { getRouteFromPattern(p: string): string }).getRouteFromPattern(pattern);

describe('DrainingNatsServer routes', () => {
  it("answers each pattern's route as Nest's server does, the second time from memory", () => {
    const ours = new DrainingNatsServer({ servers: [] }, 1000, pino({ enabled: false }));
    const nest = new ServerNats({ servers: [] });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (const pattern of ['order.userOrders', '{"cmd":"sum","b":1,"a":2}', '42', 'catalog.product.get']) {
        expect(routeOf(ours, pattern)).toBe(routeOf(nest, pattern));
      }
      parse.mockClear();
      expect(routeOf(ours, 'order.userOrders')).toBe('order.userOrders');
      expect(routeOf(ours, '{"cmd":"sum","b":1,"a":2}')).toBe('{"a":2,"b":1,"cmd":"sum"}');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
