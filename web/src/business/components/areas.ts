import { GRAMS_PER_ITEM, type Location, type ShipmentPricing } from '@mc/contracts';
import { formatShekels } from '../../kit/backoffice/ui';
import { heShipments } from '../i18n/he-shipments';

/** The locations tree as the picker shows it: the country, its districts, each with its cities (by name). */
export interface AreaTree {
  country?: Location;
  districts: { district: Location; cities: Location[] }[];
}

const byName = (a: Location, b: Location) => a.displayText.localeCompare(b.displayText, 'he');

export function areaTree(locations: Location[]): AreaTree {
  const country = locations.find((l) => l.type === 'country');
  const districts = locations.filter((l) => l.type === 'district').sort(byName).map((district) => ({
    district,
    cities: locations.filter((l) => l.type === 'city' && l.parentId === district.id).sort(byName),
  }));
  return { country, districts };
}

/** The areas that cover `id` from above (its district, the country). */
function ancestors(tree: AreaTree, id: number): number[] {
  const up: number[] = [];
  for (const { district, cities } of tree.districts) {
    if (cities.some((c) => c.id === id)) up.push(district.id);
  }
  if (tree.country && id !== tree.country.id) up.push(tree.country.id);
  return up;
}

/** Whether `id` is covered by a wider selected area (a city by its district or the country, a district by the country). */
export const coveredBy = (tree: AreaTree, selected: readonly number[], id: number): boolean =>
  ancestors(tree, id).some((a) => selected.includes(a));

/**
 * The selection without what a wider selected area already covers: the country alone when it is selected, and no city
 * under a selected district (selecting a district covers its cities). Order kept.
 */
export function normalizeAreas(tree: AreaTree, selected: readonly number[]): number[] {
  const unique = [...new Set(selected)];
  return unique.filter((id) => !coveredBy(tree, unique, id));
}

/** Selects or clears one area, then normalises. */
export function toggleArea(tree: AreaTree, selected: readonly number[], id: number, on: boolean): number[] {
  return normalizeAreas(tree, on ? [...selected, id] : selected.filter((s) => s !== id));
}

/** The list's areas column: the first names, then how many more. */
export function areasSummary(names: string[], shown = 3): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} ${heShipments.andMore(names.length - shown)}`;
}

/** One pricing row as the list shows it: its threshold (shekels, or items ×10 g) and its cost (0: 'חינם'). */
export function pricingSummary(p: Pick<ShipmentPricing, 'quantityType' | 'quantity' | 'amount'>): string {
  const from = p.quantityType === 'min-items-count' ? heShipments.grams(p.quantity * GRAMS_PER_ITEM) : formatShekels(p.quantity);
  return `${heShipments.from(from)}: ${p.amount === 0 ? heShipments.free : formatShekels(p.amount)}`;
}
