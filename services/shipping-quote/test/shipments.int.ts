import { Subjects, type Location } from '@mc/contracts';
import { rpc, useService } from '@mc/kit/testing';
import { LocationsService } from '../src/locations/locations.service';
import { ShipmentsService } from '../src/shipments/shipments.service';
import { shippingQuoteService } from '../src/service';

describe('shipments by pharmacy', () => {
  const service = useService(shippingQuoteService);

  it('answers a pharmacy’s shipments with areas by name and prices in shekels', async () => {
    const locations = service.app().get(LocationsService);
    await locations.seedTree();
    const all: Location[] = await locations.list();
    const center = all.find((l) => l.type === 'district' && l.displayText === 'המרכז')!;
    const telAviv = all.find((l) => l.type === 'city' && l.displayText === 'תל אביב-יפו')!;
    await service.app().get(ShipmentsService).replaceForPharm('test-shipments-pharm', [
      { pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 3000 }, { quantityType: 'min-total-price', quantity: 50000, amount: 0 }], locationIds: [center.id, telAviv.id] },
      { pricings: [{ quantityType: 'min-items-count', quantity: 2, amount: 1990 }], locationIds: [center.id] },
    ]);
    const { shipments } = await rpc(service.nc(), Subjects.shippingQuote.shipmentListByPharm, { pharmSlug: 'test-shipments-pharm' });
    expect(shipments).toEqual([
      { id: expect.any(Number), pricings: [{ quantityType: 'min-total-price', quantity: 0, amount: 30 }, { quantityType: 'min-total-price', quantity: 500, amount: 0 }],
        addresses: [{ type: 'district', displayText: 'המרכז' }, { type: 'city', displayText: 'תל אביב-יפו' }] },
      { id: expect.any(Number), pricings: [{ quantityType: 'min-items-count', quantity: 2, amount: 19.9 }], addresses: [{ type: 'district', displayText: 'המרכז' }] },
    ]);
    await expect(rpc(service.nc(), Subjects.shippingQuote.shipmentListByPharm, { pharmSlug: 'nobody' })).resolves.toEqual({ shipments: [] });
  });
});
