import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeSearchText, spellingSkeleton } from '@mc/contracts';

/**
 * The address gazetteer's source files beside this one: `cities.tsv` (name, English name, centre,
 * population in thousands, other names) and `streets.tsv` (city, street, the street's position where
 * known). The data migration that loads them is generated from them (scripts/gazetteer-migration.ts),
 * and a unit test keeps the two the same.
 */
const GAZETTEER_DIR = __dirname;

/** The first line of every generated gazetteer data migration. */
export const GAZETTEER_MIGRATION_MARKER = '-- address gazetteer data: generated from src/addresses/gazetteer/*.tsv by scripts/gazetteer-migration.ts; do not edit';

export interface GazetteerCity {
  name: string;
  engName: string;
  lat: number;
  lng: number;
  population: number;
  aliases: string[];
}

export interface GazetteerStreet {
  city: string;
  street: string;
  lat?: number;
  lng?: number;
}

/** One row of `shipping_quote.address_gazetteer`, with its search texts. */
export interface GazetteerRow {
  city: string;
  street: string;
  lat: number;
  lng: number;
  streetPosition: boolean;
  population: number;
  streetText: string;
  cityText: string;
  searchText: string;
}

/** The data lines of a TSV file: comment lines (#) and the header line are left out. */
function tsvLines(path: string): string[][] {
  const lines = readFileSync(path, 'utf8').split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  return lines.slice(1).map((line) => line.split('\t').map((cell) => cell.trim()));
}

const number = (value: string, what: string): number => {
  const n = Number(value);
  if (value === '' || !Number.isFinite(n)) throw new Error(`gazetteer: ${what} is not a number: '${value}'`);
  return n;
};

export function readGazetteer(dir = GAZETTEER_DIR): { cities: GazetteerCity[]; streets: GazetteerStreet[] } {
  const cities = tsvLines(join(dir, 'cities.tsv')).map(([name, engName, lat, lng, population, aliases]) => ({
    name,
    engName,
    lat: number(lat, `${name} lat`),
    lng: number(lng, `${name} lng`),
    population: number(population, `${name} population`),
    aliases: (aliases ?? '').split(';').map((a) => a.trim()).filter(Boolean),
  }));
  const streets = tsvLines(join(dir, 'streets.tsv')).map(([city, street, lat, lng]) => ({
    city,
    street,
    ...(lat ? { lat: number(lat, `${city}/${street} lat`), lng: number(lng, `${city}/${street} lng`) } : {}),
  }));
  return { cities, streets };
}

/** The rows to store, with the texts the search compares; fails on a street of an unknown city or a repeated street. */
export function gazetteerRows(data: { cities: GazetteerCity[]; streets: GazetteerStreet[] }): GazetteerRow[] {
  const cities = new Map(data.cities.map((c) => [c.name, c]));
  const seen = new Set<string>();
  return data.streets.map(({ city: cityName, street, lat, lng }) => {
    const city = cities.get(cityName);
    if (!city) throw new Error(`gazetteer: street '${street}' of an unknown city '${cityName}'`);
    const key = `${cityName}\t${street}`;
    if (seen.has(key)) throw new Error(`gazetteer: '${street}, ${cityName}' twice`);
    seen.add(key);
    const streetText = normalizeSearchText(street);
    const cityNames = [...new Set([city.name, ...city.aliases].map(normalizeSearchText))];
    const skeletons = [...new Set([spellingSkeleton(street), ...[city.name, ...city.aliases].map(spellingSkeleton)])]
      .filter((s) => s !== streetText && !cityNames.includes(s));
    return {
      city: city.name,
      street,
      lat: lat ?? city.lat,
      lng: lng ?? city.lng,
      streetPosition: lat !== undefined,
      population: city.population,
      streetText,
      cityText: cityNames.join(' | '),
      searchText: ` ${[streetText, ...cityNames, ...skeletons].join(' | ')}`,
    };
  });
}

const literal = (value: string | number | boolean): string =>
  typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

/** The data migration: every row of the gazetteer replaced in one go (the migrator runs it in a transaction). */
export function gazetteerMigrationSql(rows: GazetteerRow[]): string {
  const columns = ['city', 'street', 'lat', 'lng', 'street_position', 'population', 'street_text', 'city_text', 'search_text'];
  const values = rows.map((r) =>
    `(${[r.city, r.street, r.lat, r.lng, r.streetPosition, r.population, r.streetText, r.cityText, r.searchText].map(literal).join(', ')})`);
  return [
    GAZETTEER_MIGRATION_MARKER,
    `-- ${rows.length} streets in ${new Set(rows.map((r) => r.city)).size} cities.`,
    'DELETE FROM "shipping_quote"."address_gazetteer";',
    '--> statement-breakpoint',
    `INSERT INTO "shipping_quote"."address_gazetteer" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES`,
    `${values.join(',\n')};`,
    '--> statement-breakpoint',
    // Fresh statistics, so the planner knows the table's size right away.
    'ANALYZE "shipping_quote"."address_gazetteer";',
    '',
  ].join('\n');
}
