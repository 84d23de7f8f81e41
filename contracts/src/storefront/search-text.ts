/**
 * Text as search compares it: no niqqud or cantillation, final letters as their base form, no geresh,
 * gershayim, quotes or dashes, Latin in lower case, single spaces. Both the stored text and the typed
 * term go through it, so 'דוקטור גְּרִין', 'דוקטור גרין' and 'דוקטור-גרין' meet.
 */
const FINALS: Record<string, string> = { 'ך': 'כ', 'ם': 'מ', 'ן': 'נ', 'ף': 'פ', 'ץ': 'צ' };

export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0591-\u05C7]/g, '')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ךםןףץ]/g, (c) => FINALS[c])
    .replace(/[׳״'"`’‘“”\-_/.,()]/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The spelling skeleton: full and defective Hebrew spelling differ mostly in the matres lectionis ו and י
 * (and doubled ones), so they are dropped inside words: 'קנאביס' and 'קנביס' differ only by א, 'גריין'
 * and 'גרין' meet. Kept as a second form for fuzzy matching, never shown.
 */
export function spellingSkeleton(value: string): string {
  return normalizeSearchText(value)
    .split(' ')
    .map((word) => (word.length > 2 ? word[0] + word.slice(1).replace(/[ויא]/g, '') : word))
    .join(' ');
}

/** What a row stores for search: its normalised names and their skeletons. */
export function searchDocument(...names: (string | null | undefined)[]): string {
  const parts = names.filter((n): n is string => !!n).map(normalizeSearchText);
  return [...new Set([...parts, ...parts.map(spellingSkeleton)])].join(' | ');
}

/** The forms of a typed term that search compares (catalog's and pharm's queries alike). */
export interface SearchForms {
  /** The term as stored text is normalised (no niqqud, no final letters, lower case). */
  normalized: string;
  /** Its spelling skeleton (no inner ו/י/א): meets full and defective spellings. */
  skeleton: string;
  words: string[];
  skeletonWords: string[];
}

/** The forms of a typed term that search compares, or undefined when nothing searchable is left. */
export function searchForms(term: string | undefined): SearchForms | undefined {
  if (term === undefined) return undefined;
  // '|' separates the names inside a stored search document; a term never needs it.
  const cleaned = term.replace(/\|/g, ' ');
  const normalized = normalizeSearchText(cleaned);
  if (!normalized) return undefined;
  const skeleton = spellingSkeleton(cleaned);
  return {
    normalized,
    skeleton,
    words: normalized.split(' '),
    skeletonWords: skeleton.split(' ').filter(Boolean),
  };
}

/** A value to match literally inside a SQL LIKE pattern (its %, _ and \\ escaped). */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);
