import { normalizeSearchText, spellingSkeleton } from '@mc/contracts';
import { sql, type SQL } from 'drizzle-orm';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The forms of a typed term that search compares: normalised, its spelling skeleton, and whether fuzzy matching is worth it. */
export function searchForms(term: string): { normalized: string; skeleton: string; fuzzy: boolean } | undefined {
  const normalized = normalizeSearchText(term);
  if (!normalized) return undefined;
  return { normalized, skeleton: spellingSkeleton(term), fuzzy: normalized.length >= 3 };
}

/**
 * Whether `column` (a `searchDocument(...)` text) matches the typed term: the normalised term or its
 * spelling skeleton as a substring, or (for three letters and more) a trigram word similarity above
 * pg_trgm's threshold, which forgives a typo. A term with nothing searchable in it matches everything.
 */
export function searchCondition(column: SQL, term: string | undefined): SQL | undefined {
  const forms = term === undefined ? undefined : searchForms(term);
  if (!forms) return undefined;
  const like = (value: string) => sql`${column} LIKE ${`%${escapeLike(value)}%`}`;
  const parts = [like(forms.normalized)];
  if (forms.skeleton && forms.skeleton !== forms.normalized) parts.push(like(forms.skeleton));
  if (forms.fuzzy) parts.push(sql`${forms.normalized} <% ${column}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}
