// The words of a search and the relevance tiers they are ranked by: what the text of a search means, before any SQL.
// Kept apart so the filters, the text's SQL and the cursors agree on one reading (docs/decisions/0012).
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 32;
const MIN_PREFIX = 3;

/** Words that carry no meaning for a search: dropped unless the text has nothing else. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'of', 'on', 'or', 'the', 'to', 'with']);
const SUFFIXES = ['ings', 'ing', 'ers', 'er', 'ies', 'ied', 'ed', 'es', 's'];

/**
 * The words of the search text: letters and digits of any script, lower case. Nothing else survives, so quotes,
 * operators and punctuation can never change the meaning of the query (and all of it is sent as bound parameters).
 */
export function searchWords(q: string | undefined): string[] {
  if (!q) return [];
  const words = [...new Set(q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? [])].map((w) =>
    w.slice(0, MAX_WORD_LENGTH),
  );
  const meaningful = words.filter((w) => !STOP_WORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_WORDS);
}

/** A shorter prefix for words with a common English ending: 'cleaner' also finds 'Cleaning Services', 'drivers' finds 'driving'. */
export function wordStem(word: string): string | undefined {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return undefined;
  const suffix = SUFFIXES.find((s) => word.endsWith(s) && word.length - s.length >= 3);
  return suffix ? word.slice(0, -suffix.length) : undefined;
}

/**
 * The relevance tiers, best first, as the weights of the search vector (migration 0002): A the name, B the
 * industries, C the languages and the place, D the bio. A profile is in the first tier whose fields hold every word.
 */
export const TIERS = ['A', 'AB', 'ABC', 'ABCD'] as const;
export const LAST_TIER = TIERS.length - 1;
/**
 * Relevance ranks the fresh (who said they are still looking within FRESH_DAYS) before the others: every tier of the
 * fresh, then every tier of the rest. A rank is the tier, plus TIERS.length for the rest; cursors carry the rank.
 */
export const LAST_RANK = 2 * TIERS.length - 1;

/** One word's query texts for to_tsquery, in 'simple' and in 'english' (see textQuery in text-match.ts), within `weights` if given. */
export function wordQueryTexts(word: string, weights = ''): { simple: string; english: string } {
  // A word of one or two letters is taken whole: as a prefix it would match nearly every profile.
  if (word.length < MIN_PREFIX) {
    const whole = weights ? `${word}:${weights}` : word;
    return { simple: whole, english: whole };
  }
  return { simple: `${wordStem(word) ?? word}:*${weights}`, english: `${word}:*${weights}` };
}

/** The values of the fixed lists a word matches, as the search vector's B and C parts would match it. */
export interface WordFields {
  industries: string[];
  languages: string[];
  locations: string[];
}

/**
 * Whether tier `tier` can hold anyone at all: the industries' tier only when a word matches an industry, the tier of
 * languages and place only when a word matches one of them. Known from the words alone, so an impossible tier costs
 * nothing (the name's tier always can: names are free text).
 */
export function tierPossible(words: string[], fields: Map<string, WordFields>, tier: number): boolean {
  const has = (pick: (f: WordFields) => string[]) => words.some((word) => pick(fields.get(word)!).length > 0);
  if (tier === 1) return has((f) => f.industries);
  if (tier === 2) return has((f) => f.languages) || has((f) => f.locations);
  return true;
}
