import { escapeLike, spellingSkeleton, type SearchForms } from '@mc/contracts';
import type { Database } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';

/**
 * pg_trgm similarity from which a typed word counts as a typo of a dictionary word. One wrong letter
 * scores 0.4–0.6 ('ginjer'/'ginger' 0.4, 'גרים'/'גרין' 0.43, 'זנגביק'/'זנגביל' 0.56), except in the
 * middle of a short word ('גרון'/'גרין' 0.25: too few trigrams are left to tell it from another word);
 * words that merely share a beginning, or differ in length by several letters, score below it.
 */
const TYPO_SIMILARITY = 0.4;

/** Words shorter than this are matched as typed only: a typo in them leaves too few trigrams to tell. */
const FUZZY_MIN_LENGTH = 3;

const like = (column: SQL, pattern: string) => sql`${column} LIKE ${pattern}`;
const contains = (column: SQL, value: string) => like(column, `%${escapeLike(value)}%`);
const allOf = (parts: SQL[]) => sql`(${sql.join(parts, sql` AND `)})`;

/** Best word similarity of the term (or its skeleton) to any name in the document. */
const similarity = (column: SQL, forms: SearchForms) =>
  forms.skeleton && forms.skeleton !== forms.normalized
    ? sql`greatest(word_similarity(${forms.normalized}, ${column}), word_similarity(${forms.skeleton}, ${column}))`
    : sql`word_similarity(${forms.normalized}, ${column})`;

/**
 * How well `column` (a `searchDocument(...)` text) matches the term, for rows that `searchMatch`.
 * Classes, best first: a name or a word of it starting with the term (10), the term inside a name (8),
 * every word of the term somewhere (6), every word in spelling-skeleton form, for ו/י/א variants (4),
 * and otherwise a typo (2). The trigram similarity (0–1) is added within each class, so the closer
 * name wins between two of the same class.
 */
export function searchRank(column: SQL, forms: SearchForms): SQL {
  const escaped = escapeLike(forms.normalized);
  const skeletonWords = forms.skeletonWords.length ? allOf(forms.skeletonWords.map((w) => contains(column, w))) : sql`FALSE`;
  return sql`(CASE
    WHEN ${like(column, `${escaped}%`)} OR ${like(column, `% ${escaped}%`)} THEN 10
    WHEN ${contains(column, forms.normalized)} THEN 8
    WHEN ${allOf(forms.words.map((w) => contains(column, w)))} THEN 6
    WHEN ${skeletonWords} THEN 4
    ELSE 2 END + ${similarity(column, forms)})`;
}

/**
 * The dictionary words within one typo of `word`, as an array of LIKE patterns (dictionary words never
 * hold %, _ or \\). An uncorrelated subquery: computed once per query, not per row.
 */
const typosOf = (word: string): SQL =>
  sql`coalesce((SELECT array_agg('%' || w.word || '%') FROM catalog.search_words w WHERE similarity(w.word, ${word}) >= ${TYPO_SIMILARITY}), '{}'::text[])`;

/**
 * Whether `column` matches the term at all (the filter of lists and suggestions): every word of the
 * term must be in it, as typed, in spelling-skeleton form, or as one typo away from one of its words
 * (through the dictionary). Word by word, so one right word of two is not a match.
 */
export function searchMatch(column: SQL, forms: SearchForms): SQL {
  const wordMatches = forms.words.map((word) => {
    const parts = [contains(column, word)];
    const skeleton = spellingSkeleton(word);
    if (skeleton && skeleton !== word) parts.push(contains(column, skeleton));
    if (word.length >= FUZZY_MIN_LENGTH) parts.push(sql`${column} LIKE ANY (${typosOf(word)})`);
    return sql`(${sql.join(parts, sql` OR `)})`;
  });
  return allOf(wordMatches);
}

/** Adds the words of search documents to the dictionary (those long enough to forgive a typo in). */
export async function addToDictionary(tx: Pick<Database, 'execute'>, documents: string[]): Promise<void> {
  if (!documents.length) return;
  await tx.execute(sql`INSERT INTO catalog.search_words (word)
    SELECT DISTINCT w FROM json_array_elements_text(${JSON.stringify(documents)}::json) AS d(doc), regexp_split_to_table(d.doc, '[ |]+') AS w
    WHERE length(w) >= ${FUZZY_MIN_LENGTH} AND strpos(w, '%') = 0 AND strpos(w, '_') = 0 AND strpos(w, chr(92)) = 0
    ON CONFLICT (word) DO NOTHING`);
}
