import { ServerNats } from '@nestjs/microservices';
import pino from 'pino';
import { DrainingNatsServer } from './draining-server';

describe('DrainingNatsServer routes', () => {
  it("answers each pattern's route as Nest's server does, the second time from memory", () => {
    const ours = new DrainingNatsServer({ servers: [] }, 1000, pino({ enabled: false }));
    const nest = new ServerNats({ servers: [] });
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (const pattern of ['order.userOrders', '{"cmd":"sum","b":1,"a":2}', '42', 'catalog.product.get']) {
        expect(ours.getRouteFromPattern(pattern)).toBe(nest.getRouteFromPattern(pattern));
      }
      parse.mockClear();
      expect(ours.getRouteFromPattern('order.userOrders')).toBe('order.userOrders');
      expect(ours.getRouteFromPattern('{"cmd":"sum","b":1,"a":2}')).toBe(nest.getRouteFromPattern('{"cmd":"sum","b":1,"a":2}'));
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});
