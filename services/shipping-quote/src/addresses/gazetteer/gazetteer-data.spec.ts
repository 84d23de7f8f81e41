import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADDRESS_PATTERN, formatAddress, LOCALITIES } from '@mc/contracts';
import { GAZETTEER_MIGRATION_MARKER, gazetteerMigrationSql, gazetteerRows, readGazetteer } from './gazetteer-data';

const MIGRATIONS = join(__dirname, '..', '..', 'migrations');

describe('the address gazetteer data', () => {
  const data = readGazetteer();
  const rows = gazetteerRows(data);

  it('is loaded by the newest gazetteer data migration exactly as the TSV files say (regenerate it after editing them)', () => {
    const migrations = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()
      .filter((f) => readFileSync(join(MIGRATIONS, f), 'utf8').startsWith(GAZETTEER_MIGRATION_MARKER));
    expect(migrations.length).toBeGreaterThan(0);
    expect(readFileSync(join(MIGRATIONS, migrations.at(-1)!), 'utf8')).toBe(gazetteerMigrationSql(rows));
  });

  it('covers thousands of streets, and every city of the locations tree at the same place', () => {
    expect(rows.length).toBeGreaterThan(2000);
    const cities = new Map(data.cities.map((c) => [c.name, c]));
    for (const locality of LOCALITIES) {
      const city = cities.get(locality.name);
      expect({ name: locality.name, found: !!city }).toEqual({ name: locality.name, found: true });
      expect(Math.abs(city!.lat - locality.lat)).toBeLessThan(0.01);
      expect(Math.abs(city!.lng - locality.lng)).toBeLessThan(0.01);
    }
  });

  it('gives every street an address the address form accepts, and a position in Israel', () => {
    for (const row of rows) {
      expect({ row: `${row.street}, ${row.city}`, valid: ADDRESS_PATTERN.test(formatAddress(row.street, '1', row.city)) })
        .toEqual({ row: `${row.street}, ${row.city}`, valid: true });
      expect(row.lat).toBeGreaterThan(29.4);
      expect(row.lat).toBeLessThan(33.4);
      expect(row.lng).toBeGreaterThan(34.2);
      expect(row.lng).toBeLessThan(35.9);
    }
  });

  it('keeps a street position only where the file gives one; a street near its own city', () => {
    const rothschild = rows.find((r) => r.city === 'תל אביב-יפו' && r.street === 'שדרות רוטשילד')!;
    expect(rothschild).toMatchObject({ streetPosition: true, lat: 32.0637, lng: 34.7745 });
    const placed = rows.filter((r) => r.streetPosition);
    const centres = new Map(data.cities.map((c) => [c.name, c]));
    for (const row of placed) {
      const centre = centres.get(row.city)!;
      expect(Math.hypot(row.lat - centre.lat, row.lng - centre.lng)).toBeLessThan(0.08);
    }
    expect(rows.find((r) => !r.streetPosition && r.city === 'חדרה')).toMatchObject({ lat: 32.434, lng: 34.9196 });
  });

  it('stores the search texts of a row: normalised street, city and other names, and their spelling skeletons', () => {
    const row = rows.find((r) => r.city === 'פתח תקווה' && r.street === 'ז׳בוטינסקי')!;
    expect(row.streetText).toBe('ז בוטינסקי');
    expect(row.cityText).toBe('פתח תקווה | פ ת');
    expect(row.searchText).toBe(' ז בוטינסקי | פתח תקווה | פ ת | ז בטנסק | פתח תקה');
  });

  it('refuses a street of an unknown city and a street listed twice', () => {
    const city = { name: 'חיפה', engName: 'Haifa', lat: 32.8, lng: 35, population: 290, aliases: [] };
    expect(() => gazetteerRows({ cities: [city], streets: [{ city: 'חיפא', street: 'הרצל' }] })).toThrow(/unknown city/);
    expect(() => gazetteerRows({ cities: [city], streets: [{ city: 'חיפה', street: 'הרצל' }, { city: 'חיפה', street: 'הרצל' }] })).toThrow(/twice/);
  });

  it("writes SQL literals safely", () => {
    const city = { name: 'חיפה', engName: 'Haifa', lat: 32.8, lng: 35, population: 290, aliases: [] };
    const sql = gazetteerMigrationSql(gazetteerRows({ cities: [city], streets: [{ city: 'חיפה', street: "ה'רצל" }] }));
    expect(sql).toContain("'ה''רצל'");
  });
});
