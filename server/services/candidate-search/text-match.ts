// The text of a search as SQL: the words' text queries, a tier's condition on a row, an index row or the name's and
// the lists' own indexes, and the statement that finds which list values a word matches (docs/decisions/0012, 0022).
import { sql, type SQL } from 'drizzle-orm';
import { INDUSTRIES, LANGUAGES, LOCATIONS } from '#shared/constants.ts';
import { textArray, type NormalizedSearch } from './filters.ts';
import { LAST_TIER, TIERS, wordQueryTexts, type WordFields } from './words.ts';

/**
 * Each word must match (AND), within the given weights. A word of three letters or more matches as a prefix: of a
 * lexeme as written ('simple', as names, industries, languages and places are indexed), through its shorter stem when
 * it has one ('cleaner' as 'clean:*'), or through its English stem (the bio is indexed in English: 'delivery' is
 * 'deliveri' there). Words hold letters, marks and digits only (searchWords), so the labels cannot be escaped.
 */
export function textQuery(words: string[], weights: string = 'ABCD'): SQL {
  return sql.join(
    words.map((word) => {
      const { simple, english } = wordQueryTexts(word, weights);
      return sql`(to_tsquery('simple', ${simple}) || to_tsquery('english', ${english}))`;
    }),
    sql` && `,
  );
}

/** One word's text query, any weight (as textQuery). */
function wordQuery(word: string): SQL {
  const { simple, english } = wordQueryTexts(word);
  return sql`(to_tsquery('simple', ${simple}) || to_tsquery('english', ${english}))`;
}

/**
 * The text query, and one per tier, computed once per statement in a materialized CTE (tq). The planner cannot see
 * their values and takes a match as selective: it reads the text index and visits the matching rows only. Used where
 * that is what we want (counting; pages of few matches). Shown the value, its estimates for prefix queries are poor.
 */
export const textQueries = (s: NormalizedSearch) =>
  sql`with tq as materialized (select ${sql.join(
    [
      ...TIERS.map((weights, tier) => sql`${textQuery(s.words, weights)} as ${sql.raw(`t${tier}`)}`),
      // Each word alone, any weight: for the name's text index (inName).
      ...s.words.map((word, i) => sql`${wordQuery(word)} as ${sql.raw(`w${i}`)}`),
    ],
    sql`, `,
  )}) `;
/** The query of a tier in tq. */
export const tierQuery = (tier: number) => sql.raw(`tq.t${tier}`);

/**
 * The text condition: every word anywhere, or (relevance) in tier `tier` exactly: every word within its weights, and
 * not every word within the better tier's. `matches` tests one query against a row.
 */
export const matchText = (tier: number | undefined, q: (tier: number) => SQL, matches: (q: SQL, tier: number) => SQL) =>
  tier === undefined
    ? matches(q(LAST_TIER), LAST_TIER)
    : tier === 0
      ? matches(q(0), 0)
      : sql`${matches(q(tier), tier)} and not ${matches(q(tier - 1), tier - 1)}`;

/** A match on the table's row: its whole search vector. */
export const inVector = (q: SQL) => sql`p.search_vector @@ ${q}`;

/**
 * A match on a row of a sort index: its search_head, which holds the name, industries, languages and place whole, so
 * it decides alone for the better tiers (weights A to C). Only the bio may be longer than the head: then the whole
 * vector in the table decides (search_complete, migration 0005).
 */
export const inHead = (q: SQL, tier: number) =>
  tier < LAST_TIER
    ? sql`p.search_head @@ ${q}`
    : sql`(p.search_head @@ ${q} or (not p.search_complete and exists (select 1 from job_seeker_profiles f where f.id = p.id and f.search_vector @@ ${q})))`;

// ---- The better tiers through indexes. The name, industries, languages and place are the fixed part of the search
// vector (weights A to C): a word is in the industries (B) exactly when the row has one of the industries of shared/constants.ts the
// word matches, and in languages and place (C) likewise, so these tiers are conditions on the name's text index and
// on the filters' own indexes, which find few matches at the cost of few.

/** Word `i` of the search in the name's part of the search vector, as its own text index has it (migration 0010). */
const inName = (i: number) => sql`to_tsvector('simple', p.full_name) @@ ${sql.raw(`tq.w${i}`)}`;

/**
 * Every word within the weights of `tier` (0 to 2): in the name, or in a matching industry, language or place. Reads the
 * words' queries from tq (textQueries): the planner cannot see them and takes a name match as rare, so it reads the
 * name's index first; shown a prefix query, it overrated the matches and read every row of an industry instead.
 */
export function inFixedFields(words: string[], fields: Map<string, WordFields>, tier: number): SQL {
  return sql.join(
    words.map((word, i) => {
      const f = fields.get(word)!;
      const anyOf = [inName(i)];
      if (tier >= 1 && f.industries.length > 0) anyOf.push(sql`p.industries && ${textArray(f.industries)}`);
      if (tier >= 2 && f.languages.length > 0) anyOf.push(sql`p.languages && ${textArray(f.languages)}`);
      if (tier >= 2 && f.locations.length > 0) anyOf.push(sql`p.location = any(${textArray(f.locations)})`);
      return anyOf.length === 1 ? anyOf[0]! : sql`(${sql.join(anyOf, sql` or `)})`;
    }),
    sql` and `,
  );
}

/** The statement that finds which values of the fixed lists each word matches. */
export function wordFieldsQuery(words: string[]): SQL {
  const texts = words.map((word) => wordQueryTexts(word));
  const matching = (values: readonly string[]) =>
    sql`array(select v from unnest(${sql.param([...values])}::text[]) v
      where to_tsvector('simple', v) @@ (to_tsquery('simple', w.simple) || to_tsquery('english', w.english)))`;
  return sql`select w.word, ${matching(INDUSTRIES)} as industries, ${matching(LANGUAGES)} as languages, ${matching(LOCATIONS)} as locations
    from unnest(${sql.param(words)}::text[], ${sql.param(texts.map((t) => t.simple))}::text[], ${sql.param(texts.map((t) => t.english))}::text[])
      as w(word, simple, english)`;
}
