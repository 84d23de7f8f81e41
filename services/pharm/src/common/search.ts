import { escapeLike, searchForms } from '@mc/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** Terms shorter than this are matched as typed only (a typo in them leaves too few trigrams to tell). */
const FUZZY_MIN_LENGTH = 3;

/**
 * Whether `column` (a `searchDocument(...)` text) matches the typed term: the normalised term or its
 * spelling skeleton as a substring, or (for three letters and more) a trigram word similarity above
 * pg_trgm's threshold, which forgives a typo. A term with nothing searchable in it matches everything.
 */
export function searchCondition(column: SQL, term: string | undefined): SQL | undefined {
  const forms = searchForms(term);
  if (!forms) return undefined;
  const like = (value: string) => sql`${column} LIKE ${`%${escapeLike(value)}%`}`;
  const parts = [like(forms.normalized)];
  if (forms.skeleton && forms.skeleton !== forms.normalized) parts.push(like(forms.skeleton));
  if (forms.normalized.length >= FUZZY_MIN_LENGTH) parts.push(sql`${forms.normalized} <% ${column}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}
