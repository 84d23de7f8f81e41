import { DISTRICTS, Messages, Subjects, type Location } from '@mc/contracts';
import { rpc, rpcUntyped, useService } from '@mc/kit/testing';
import { LocationsService } from '../src/locations/locations.service';
import { TREE_CITIES } from '../src/locations/tree-cities';
import { shippingQuoteService } from '../src/service';

describe('locations', () => {
  const service = useService(shippingQuoteService);
  let tree: Location[];

  beforeAll(async () => {
    await service.app().get(LocationsService).seedTree();
    await service.app().get(LocationsService).seedTree(); // idempotent
    tree = (await rpc(service.nc(), Subjects.shippingQuote.locationList, {})).locations;
  });

  it('is a tree of one country, its districts and their cities, once each', () => {
    const country = tree.filter((l) => l.type === 'country');
    expect(country).toEqual([expect.objectContaining({ displayText: 'ישראל', parentId: null })]);
    const districts = tree.filter((l) => l.type === 'district');
    expect(districts.map((d) => d.displayText).sort()).toEqual([...DISTRICTS].sort());
    expect(districts.every((d) => d.parentId === country[0].id)).toBe(true);
    expect(tree.filter((l) => l.type === 'city')).toHaveLength(TREE_CITIES.length);
  });

  it('puts each city under its own district', () => {
    const byId = new Map(tree.map((l) => [l.id, l]));
    const haifa = tree.find((l) => l.displayText === 'חיפה' && l.type === 'city')!;
    expect(byId.get(haifa.parentId!)?.displayText).toBe('חיפה');
    const eilat = tree.find((l) => l.displayText === 'אילת')!;
    expect(byId.get(eilat.parentId!)?.displayText).toBe('הדרום');
  });

  it('answers one location by id, 404 for an unknown one and 400 for a bad id', async () => {
    const eilat = tree.find((l) => l.displayText === 'אילת')!;
    await expect(rpc(service.nc(), Subjects.shippingQuote.locationGet, { id: eilat.id })).resolves.toEqual(eilat);
    await expect(rpc(service.nc(), Subjects.shippingQuote.locationGet, { id: 99_999_999 })).rejects.toMatchObject({ status: 404, message: Messages.locationNotFound });
    await expect(rpcUntyped(service.nc(), Subjects.shippingQuote.locationGet, { id: 'x' })).rejects.toMatchObject({ status: 400 });
  });
});
