import { DISTRICTS } from '@mc/contracts';
import { readGazetteer } from '../addresses/gazetteer/gazetteer-data';
import { TREE_CITIES } from './tree-cities';

describe('the cities of the locations tree', () => {
  const { cities } = readGazetteer();

  it('hold every city of the address gazetteer, at its place, so that every address found lies in a city of the tree', () => {
    const tree = new Map(TREE_CITIES.map((c) => [c.name, c]));
    for (const city of cities) {
      const inTree = tree.get(city.name);
      expect({ city: city.name, inTree: !!inTree }).toEqual({ city: city.name, inTree: true });
      expect(Math.abs(inTree!.lat - city.lat)).toBeLessThan(0.01);
      expect(Math.abs(inTree!.lng - city.lng)).toBeLessThan(0.01);
    }
  });

  it('are each listed once, each in a known district', () => {
    expect(new Set(TREE_CITIES.map((c) => c.name)).size).toBe(TREE_CITIES.length);
    for (const city of TREE_CITIES) expect(DISTRICTS).toContain(city.district);
  });
});
