import { Inject, Injectable } from '@nestjs/common';
import { formatAddress, spellingSkeleton, type AddressSuggestion, type ParsedAddressQuery } from '@mc/contracts';
import { DATABASE, type Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import type { AddressSearchProvider } from './address-search.provider';

/** pg_trgm word similarity from which a typed word counts as a near spelling of a stored one ('דיזנוף' for 'דיזנגוף' scores 0.57). */
const NEAR_SPELLING_SIMILARITY = 0.5;

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const anyOf = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`FALSE`);
const allOf = (parts: SQL[]): SQL => (parts.length ? sql`(${sql.join(parts, sql` AND `)})` : sql`TRUE`);

/** `text` (with a space before its first word) has a word that begins with `word`, as typed or in spelling-skeleton form. */
function beginsAWord(text: SQL, word: string): SQL {
  const forms = [...new Set([word, spellingSkeleton(word)])].filter(Boolean);
  return anyOf(forms.map((form) => sql`${text} LIKE ${`% ${escapeLike(form)}%`}`));
}

/** Which words may be the street and which the city: as parsed, or every cut of the words when nothing told them apart. */
export function streetCitySplits(query: Pick<ParsedAddressQuery, 'streetWords' | 'cityWords'>): { street: string[]; city: string[] }[] {
  if (query.cityWords.length) return [{ street: query.streetWords, city: query.cityWords }];
  const words = query.streetWords;
  const splits = [{ street: words, city: [] as string[] }];
  for (let k = 1; k < words.length; k++) {
    splits.push({ street: words.slice(0, k), city: words.slice(k) }, { street: words.slice(k), city: words.slice(0, k) });
  }
  return splits;
}

interface Row {
  city: string;
  street: string;
  lat: number;
  lng: number;
  [key: string]: unknown;
}

/**
 * Address suggestions from the embedded gazetteer (`address_gazetteer`), with pg_trgm:
 * every typed word must begin a word of the street or city (or of their spelling skeletons). Best first:
 * a street that begins with the street part in a city that matches the city part, then the street words
 * in the street and the city words in the city, then the words anywhere; an exact street name before a
 * longer one; then trigram closeness, then bigger cities. When nothing matches so, near spellings (a
 * typo or two) by trigram word similarity.
 */
@Injectable()
export class GazetteerAddressSearch implements AddressSearchProvider {
  readonly name = 'gazetteer';

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async search(query: ParsedAddressQuery, limit: number): Promise<AddressSuggestion[]> {
    const words = [...query.streetWords, ...query.cityWords];
    if (!words.length) return [];
    const phrase = words.join(' ');
    const streetText = sql.raw('street_text');
    const spacedStreet = sql`(' ' || street_text)`;
    const spacedCity = sql`(' ' || city_text)`;
    const splits = streetCitySplits(query);
    const inCity = (city: string[]) => allOf(city.map((w) => beginsAWord(spacedCity, w)));
    const startsStreet = anyOf(splits.map((s) => sql`(${streetText} LIKE ${`${escapeLike(s.street.join(' '))}%`} AND ${inCity(s.city)})`));
    const wordsInPlace = anyOf(splits.map((s) => sql`(${allOf(s.street.map((w) => beginsAWord(spacedStreet, w)))} AND ${inCity(s.city)})`));
    const exactStreet = anyOf(splits.map((s) => sql`(${streetText} = ${s.street.join(' ')} AND ${inCity(s.city)})`));
    const matches = allOf(words.map((w) => beginsAWord(sql.raw('search_text'), w)));

    const exact = await this.db.execute<Row>(sql`
      SELECT city, street, lat, lng
      FROM shipping_quote.address_gazetteer
      WHERE ${matches}
      ORDER BY CASE WHEN ${startsStreet} THEN 3 WHEN ${wordsInPlace} THEN 2 ELSE 1 END DESC,
        ${exactStreet} DESC,
        round(word_similarity(${phrase}, search_text)::numeric, 2) DESC,
        population DESC, length(street), street
      LIMIT ${limit}`);
    const rows = exact.rows.length ? exact.rows : await this.nearSpellings(words, limit);
    return rows.map((row) => ({
      address: formatAddress(row.street, query.houseNumber, row.city),
      text: formatAddress(row.street, query.houseNumber, row.city),
      street: row.street,
      ...(query.houseNumber ? { houseNumber: query.houseNumber } : {}),
      city: row.city,
      lat: row.lat,
      lng: row.lng,
    }));
  }

  /**
   * Streets and cities spelt close to the words: each word of 3 letters or more near a word of the row
   * (pg_trgm word similarity), shorter ones beginning a word; closest first. The GIN index answers `<%`,
   * but the planner prices the operator too low and scans the table instead (about 4 times slower), so
   * this one query runs without sequential scans.
   */
  private async nearSpellings(words: string[], limit: number): Promise<Row[]> {
    const searchText = sql.raw('search_text');
    const near = allOf(words.map((w) => (w.length >= 3 ? sql`${w} <% ${searchText}` : beginsAWord(searchText, w))));
    const closeness = sql.join(words.map((w) => sql`word_similarity(${w}, ${searchText})`), sql` + `);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${NEAR_SPELLING_SIMILARITY}`));
      const rows = await tx.execute<Row>(sql`
        SELECT city, street, lat, lng
        FROM shipping_quote.address_gazetteer
        WHERE ${near}
        ORDER BY ${closeness} DESC, population DESC, length(street), street
        LIMIT ${limit}`);
      return rows.rows;
    });
  }
}
