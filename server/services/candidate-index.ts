// The search's in-memory index of the listed profiles (docs/decisions/0014). PostgreSQL stays the source of truth:
// the index is a copy of what the SQL search reads (listed, visible profiles of approved job seekers, with their
// search vectors as PostgreSQL made them), kept to the version of the profiles (candidate_search_version, raised at
// the commit of every change). Every answer is checked against the current version in the statement that reads the
// company's shortlist marks; when the profiles have moved on, the index reads the profiles changed since its version
// (candidate_search_changes, migration 0006) and the page is made again. So a search sees every change committed
// before it, as the SQL search does, and gives the same pages: candidate-search.api.test.ts compares them.
//
// Why: a search page through PostgreSQL cost about 1 ms of database time and as much again in the driver, and a
// request's whole budget at 50 connections on 2 cores is about 1.4 ms. From memory a page costs 0.02-0.4 ms of CPU.
//
// What it cannot match exactly it leaves to SQL (`page` answers undefined): a word PostgreSQL's parser splits into
// several lexemes, or one with no lexeme at all.
import { sql } from 'drizzle-orm';
import type { CandidateCard } from '#shared/candidates.ts';
import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { filterKey, SUMMARY_LENGTH, summaryOf, wordQueryTexts, type CardRow, type NormalizedSearch } from './candidate-search.ts';

/** A profile as the index holds it. */
interface Entry {
  slot: number;
  id: string;
  /** created_at as the database's exact text in UTC (microseconds): orders like the timestamp. */
  createdAt: string;
  /** Years of experience, -1 when unknown (as coalesce(years, -1) in SQL). */
  years: number;
  card: Omit<CandidateCard, 'shortlisted'>;
  /**
   * The postings of the lexemes of its search vector, and the weights it has at each (bit 0 A, 1 B, 2 C, 3 D): what
   * removing it takes. Not the lexemes themselves: a hundred thousand profiles would hold millions of strings, and
   * the garbage collector would walk them all, time after time.
   */
  lists: number[][];
  weights: Uint8Array;
}

/** A search word as PostgreSQL reads it: the lexemes it matches (as a prefix or whole), whichever weights. */
export interface QueryLexeme {
  lexeme: string;
  prefix: boolean;
}

/** Where a page continues from: the last row's sort key and id (relevance: its tier and created_at). */
export interface IndexCursor {
  k: string | number | [number, string];
  id: string;
}

export interface IndexPage {
  /** Up to limit + 1 rows (one more tells that another page follows), with their sort keys for the cursor. */
  rows: { card: CandidateCard; key: string | number | [number, string] }[];
  total: number;
}

export interface CandidateIndex {
  /** A page of the search, or undefined when the index cannot answer it exactly (then SQL does). */
  page(s: NormalizedSearch, after: IndexCursor | undefined, companyId: string): Promise<IndexPage | undefined>;
}

/** The pool under a Db, for a named (prepared) statement. */
const clientOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

const WEIGHT_BITS: Record<string, number> = { A: 1, B: 2, C: 4, D: 8 };
/** The best (lowest) weight in a bitmask: 0 for A ... 3 for D. */
const BEST_WEIGHT = Array.from({ length: 16 }, (_, mask) => (mask === 0 ? -1 : Math.log2(mask & -mask)));
/** Query texts of words seen, at most this many kept. */
const WORD_CACHE_SIZE = 10_000;
/** Counts of filter-only searches kept, at most. */
const COUNT_CACHE_SIZE = 5_000;
/** More changed profiles than this share of the index: read them all again. */
const RELOAD_SHARE = 0.2;

/** Parses PostgreSQL's text form of a tsvector: `'driver':3A,7 'dubai':9C`. Positions without a letter weigh D. */
export function parseVector(text: string): { lexemes: string[]; weights: number[] } {
  const lexemes: string[] = [];
  const weights: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected tsvector text at ${i}`);
    let lexeme = '';
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('unterminated lexeme');
      if (c === "'" && text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else if (c === '\\' && i + 1 < text.length) {
        lexeme += text[i + 1];
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else {
        lexeme += c;
        i++;
      }
    }
    let mask = 0;
    if (text[i] === ':') {
      i++;
      while (i < text.length && text[i] !== ' ') {
        while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
        const letter = text[i];
        if (letter === 'A' || letter === 'B' || letter === 'C' || letter === 'D') {
          mask |= WEIGHT_BITS[letter]!;
          i++;
        } else mask |= WEIGHT_BITS.D!;
        if (text[i] === ',') i++;
      }
    } else mask = WEIGHT_BITS.D!;
    lexemes.push(lexeme);
    weights.push(mask);
  }
  return { lexemes, weights };
}

/** PostgreSQL's text form of a tsquery of one word: one lexeme (`'driv':*`), none (''), or undefined for anything else. */
export function parseWordQuery(text: string): QueryLexeme | null | undefined {
  if (text === '') return null;
  const m = /^'((?:[^'\\]|''|\\.)*)'(:\*)?$/.exec(text);
  if (!m) return undefined;
  return { lexeme: m[1]!.replaceAll("''", "'").replace(/\\(.)/g, '$1'), prefix: m[2] !== undefined };
}

/** A card's columns, with the exact created_at and the search vector as text. */
interface Row extends CardRow {
  created_at: string;
  vector: string;
}

const byNewest = (a: Entry, b: Entry) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1);
const byExperience = (a: Entry, b: Entry) => (a.years === b.years ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : b.years - a.years);

/** The first position in `sorted` (ordered by `compare`) whose entry comes after `probe`. */
function firstAfter(sorted: Entry[], probe: Entry, compare: (a: Entry, b: Entry) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(sorted[mid]!, probe) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first position in sorted strings not below `value`: where the strings that start with it begin. */
function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function createCandidateIndex(db: Db): CandidateIndex {
  // The profiles, by slot (a slot is reused when its profile leaves).
  const slots: (Entry | undefined)[] = [];
  const freeSlots: number[] = [];
  const byId = new Map<string, Entry>();
  // Both orders of the listed profiles, and each slot's rank in them (recomputed when the orders change).
  const newest: Entry[] = [];
  const experience: Entry[] = [];
  let newestRank = new Int32Array(0);
  let experienceRank = new Int32Array(0);
  /** The slots in each order (the walks of filter-only pages read these, not the profiles' objects). */
  let newestSlots = new Int32Array(0);
  let experienceSlots = new Int32Array(0);
  let ranksStale = true;
  // Text: each lexeme's postings (slot * 16 + weights), and every lexeme in order, for prefixes.
  const postings = new Map<string, number[]>();
  const dictionary: string[] = [];
  // Buffers of textMatches, by slot, kept between searches (a page is made synchronously): the tier of a match (+1;
  // 0 none), a word's best weight (+1), and the slots matched.
  let tierOf = new Uint8Array(0);
  let best = new Uint8Array(0);
  let matched = new Int32Array(0);
  /** Counts of filter-only searches, at the index's version. */
  const counts = new Map<string, number>();
  // What the filters test, by slot, in typed arrays: a search passes thousands of slots, and reading them from
  // the profiles' objects (scattered in memory) cost ten times more. Places, industries and languages are numbered
  // (`codes`); industries and languages are a bit mask of their numbers, the first 31 of each field (the lists of
  // SPEC 3 are shorter), and bit 31 for any other, which the profile's own card then decides.
  const codes = { location: new Map<string, number>(), industries: new Map<string, number>(), languages: new Map<string, number>() };
  const codeOf = (field: keyof typeof codes, value: string) => {
    const map = codes[field];
    let code = map.get(value);
    if (code === undefined) map.set(value, (code = map.size));
    return code;
  };
  /** One string for each place, industry and language, not one per profile (fewer objects for the collector). */
  const strings = new Map<string, string>();
  const canonical = (value: string) => {
    const known = strings.get(value);
    if (known !== undefined) return known;
    strings.set(value, value);
    return value;
  };
  const maskOf = (field: 'industries' | 'languages', values: string[]) => {
    let mask = 0;
    for (const value of values) mask |= 1 << Math.min(codeOf(field, value), 31);
    return mask >>> 0;
  };
  let locationOf = new Int32Array(64);
  let industriesOf = new Uint32Array(64);
  let languagesOf = new Uint32Array(64);
  let yearsOf = new Int16Array(64);
  let videoOf = new Uint8Array(64);
  const grow = <T extends Int32Array | Uint32Array | Int16Array | Uint8Array>(array: T, size: number): T => {
    if (array.length > size) return array;
    const larger = new (array.constructor as new (n: number) => T)(Math.max(size + 1, array.length * 2));
    larger.set(array);
    return larger;
  };

  let version: string | undefined;
  let loading: Promise<void> | undefined;
  /** Each word seen, as lexemes (undefined: not one lexeme, so SQL answers). */
  const words = new Map<string, QueryLexeme[] | undefined>();

  /** Adds a profile; `bulk` leaves the orders and the dictionary unsorted, for `sortAll` after a whole load. */
  function add(row: Row, bulk = false) {
    const { lexemes, weights } = parseVector(row.vector);
    const slot = freeSlots.pop() ?? slots.length;
    const entry: Entry = {
      slot,
      id: row.id,
      createdAt: row.created_at,
      years: row.years_of_experience ?? -1,
      card: {
        id: row.id,
        fullName: row.full_name,
        location: canonical(row.location),
        yearsOfExperience: row.years_of_experience,
        industries: row.industries.map(canonical),
        languages: row.languages.map(canonical),
        summary: summaryOf(row.bio),
        hasVideo: row.has_video,
        avatarUrl: null,
      },
      lists: [],
      weights: Uint8Array.from(weights),
    };
    slots[slot] = entry;
    byId.set(entry.id, entry);
    [locationOf, industriesOf, languagesOf, yearsOf, videoOf] = [grow(locationOf, slot), grow(industriesOf, slot), grow(languagesOf, slot), grow(yearsOf, slot), grow(videoOf, slot)];
    locationOf[slot] = codeOf('location', row.location);
    industriesOf[slot] = maskOf('industries', row.industries);
    languagesOf[slot] = maskOf('languages', row.languages);
    yearsOf[slot] = entry.years;
    videoOf[slot] = row.has_video ? 1 : 0;
    for (let i = 0; i < lexemes.length; i++) {
      const lexeme = lexemes[i]!;
      let list = postings.get(lexeme);
      if (!list) {
        postings.set(lexeme, (list = []));
        if (bulk) dictionary.push(lexeme);
        else dictionary.splice(lowerBound(dictionary, lexeme), 0, lexeme);
      }
      list.push(slot * 16 + weights[i]!);
      entry.lists.push(list);
    }
    if (bulk) {
      newest.push(entry);
      experience.push(entry);
    } else {
      newest.splice(firstAfter(newest, entry, byNewest), 0, entry);
      experience.splice(firstAfter(experience, entry, byExperience), 0, entry);
    }
    ranksStale = true;
  }

  function sortAll() {
    newest.sort(byNewest);
    experience.sort(byExperience);
    dictionary.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  function remove(id: string) {
    const entry = byId.get(id);
    if (!entry) return;
    byId.delete(id);
    slots[entry.slot] = undefined;
    freeSlots.push(entry.slot);
    for (let i = 0; i < entry.lists.length; i++) {
      const list = entry.lists[i]!;
      const at = list.indexOf(entry.slot * 16 + entry.weights[i]!);
      list[at] = list[list.length - 1]!;
      list.pop();
    }
    newest.splice(newest.indexOf(entry), 1);
    experience.splice(experience.indexOf(entry), 1);
    ranksStale = true;
  }

  function clear() {
    slots.length = 0;
    freeSlots.length = 0;
    byId.clear();
    newest.length = 0;
    experience.length = 0;
    postings.clear();
    dictionary.length = 0;
    ranksStale = true;
  }

  function ranks() {
    if (!ranksStale) return;
    if (newestRank.length < slots.length) {
      newestRank = new Int32Array(slots.length * 2);
      experienceRank = new Int32Array(slots.length * 2);
    }
    newestSlots = Int32Array.from(newest, (entry) => entry.slot);
    experienceSlots = Int32Array.from(experience, (entry) => entry.slot);
    newestSlots.forEach((slot, rank) => (newestRank[slot] = rank));
    experienceSlots.forEach((slot, rank) => (experienceRank[slot] = rank));
    ranksStale = false;
  }

  // Newest first: a whole load numbers the slots in that order, so the postings and the ranks are read in order of
  // memory (several times faster than at random, for a search passing thousands of slots).
  const listedRows = (ids?: string[]) => sql`
    select p.id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at, p.full_name,
      p.location, p.years_of_experience, p.industries, p.languages, left(p.bio, ${SUMMARY_LENGTH + 1}) as bio,
      p.video_url is not null as has_video, p.search_vector::text as vector
    from job_seeker_profiles p
    join users u on u.id = p.user_id and u.status = 'active' and u.role = 'job_seeker'
    where p.listed and p.visibility = 'visible'${ids ? sql` and p.id = any(${sql.param(ids)}::uuid[])` : sql``}
    order by p.created_at desc, p.id desc`;

  /** Reads the whole index, or only the profiles changed since its version, in one snapshot with the new version. */
  async function catchUp() {
    await db.transaction(
      async (tx) => {
        const { rows } = await tx.execute<{ version: string }>(sql`select version::text as version from candidate_search_version where id = 1`);
        const current = rows[0]!.version;
        if (current === version) return;
        let changed: string[] | undefined;
        if (version !== undefined) {
          const { rows: ids } = await tx.execute<{ id: string }>(
            sql`select profile_id as id from candidate_search_changes where version > ${version}::bigint`,
          );
          if (ids.length <= Math.max(1_000, byId.size * RELOAD_SHARE)) changed = ids.map((r) => r.id);
        }
        const { rows: listed } = await tx.execute<Row>(listedRows(changed));
        if (changed) {
          for (const id of changed) remove(id);
          for (const row of listed) add(row);
        } else {
          clear();
          for (const row of listed) add(row, true);
          sortAll();
        }
        counts.clear();
        version = current;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** One catch-up at a time; those who ask meanwhile wait for it. */
  function refresh(): Promise<void> {
    loading ??= catchUp().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  /** The lexemes of each word, as the SQL search's text query has them; undefined when one is not a single lexeme. */
  async function queryLexemes(searchWords: string[]): Promise<QueryLexeme[][] | undefined> {
    const unknown = searchWords.filter((word) => !words.has(word));
    if (unknown.length > 0) {
      const texts = unknown.map((word) => wordQueryTexts(word));
      const { rows } = await clientOf(db).query<{ word: string; simple: string; english: string }>({
        text: `select t.word, to_tsquery('simple', t.simple)::text as simple, to_tsquery('english', t.english)::text as english
          from unnest($1::text[], $2::text[], $3::text[]) as t(word, simple, english)`,
        values: [unknown, texts.map((t) => t.simple), texts.map((t) => t.english)],
      });
      for (const row of rows) {
        const [simple, english] = [parseWordQuery(row.simple), parseWordQuery(row.english)];
        const unusable = simple === undefined || english === undefined || (simple === null && english === null);
        words.set(row.word, unusable ? undefined : [simple, english].filter((q): q is QueryLexeme => q !== null));
        if (words.size > WORD_CACHE_SIZE) words.delete(words.keys().next().value!);
      }
    }
    const result: QueryLexeme[][] = [];
    for (const word of searchWords) {
      const lexemes = words.get(word);
      if (!lexemes) return undefined;
      result.push(lexemes);
    }
    return result;
  }

  /** The postings of every lexeme a word matches, each once ('driv:*' and 'driver:*' both match 'driver'). */
  function postingsOf(word: QueryLexeme[]): number[][] {
    const lists = new Set<number[]>();
    for (const { lexeme, prefix } of word) {
      if (!prefix) {
        const list = postings.get(lexeme);
        if (list) lists.add(list);
      } else {
        for (let i = lowerBound(dictionary, lexeme); i < dictionary.length && dictionary[i]!.startsWith(lexeme); i++) lists.add(postings.get(dictionary[i]!)!);
      }
    }
    return [...lists];
  }

  /**
   * The slots holding every word (returned in `matched`, the first `n`), each with its tier in `tierOf`: the worst of
   * each word's best weight, as the SQL's TIERS. The rarest word is read first; the others only mark its slots.
   * Synchronous, on buffers kept between searches (a search allocates next to nothing).
   */
  function textMatches(query: QueryLexeme[][]): number {
    const size = slots.length;
    if (best.length < size) [best, tierOf, matched] = [new Uint8Array(size * 2), new Uint8Array(size * 2), new Int32Array(size * 2)];
    const words = query.map(postingsOf).map((lists) => ({ lists, count: lists.reduce((sum, list) => sum + list.length, 0) }));
    words.sort((a, b) => a.count - b.count);
    // The rarest word: every slot it is in, with its best weight there (+1).
    let n = 0;
    for (const list of words[0]!.lists) {
      for (let i = 0; i < list.length; i++) {
        const code = list[i]!;
        const slot = code >>> 4;
        const weight = BEST_WEIGHT[code & 15]! + 1;
        const was = tierOf[slot]!;
        if (was === 0) {
          matched[n++] = slot;
          tierOf[slot] = weight;
        } else if (weight < was) tierOf[slot] = weight;
      }
    }
    // Each other word: its best weight in those slots (`best`), then the tier is the worse of the two; a slot without
    // the word drops out (tier 0).
    for (let w = 1; w < words.length; w++) {
      for (const list of words[w]!.lists) {
        for (let i = 0; i < list.length; i++) {
          const code = list[i]!;
          const slot = code >>> 4;
          if (tierOf[slot] === 0) continue;
          const weight = BEST_WEIGHT[code & 15]! + 1;
          const was = best[slot]!;
          if (was === 0 || weight < was) best[slot] = weight;
        }
      }
      let kept = 0;
      for (let i = 0; i < n; i++) {
        const slot = matched[i]!;
        const weight = best[slot]!;
        best[slot] = 0;
        if (weight === 0) tierOf[slot] = 0;
        else {
          if (weight > tierOf[slot]!) tierOf[slot] = weight;
          matched[kept++] = slot;
        }
      }
      n = kept;
    }
    return n;
  }

  function filterOf(s: NormalizedSearch): ((slot: number) => boolean) | undefined {
    const locations = s.locations.length > 0 ? new Uint8Array(codes.location.size + 1) : undefined;
    for (const value of s.locations) {
      const code = codes.location.get(value);
      if (code !== undefined) locations![code] = 1;
    }
    /** Whether a profile has any of `values` in a field: by its mask, or (bit 31) its own list. */
    const overlap = (field: 'industries' | 'languages', values: string[]) => {
      if (values.length === 0) return undefined;
      let wanted = 0;
      let other = false;
      for (const value of values) {
        const code = codes[field].get(value);
        if (code === undefined) continue;
        if (code < 31) wanted |= 1 << code;
        else other = true;
      }
      const masks = field === 'industries' ? industriesOf : languagesOf;
      return (slot: number) =>
        (masks[slot]! & wanted) !== 0 || (other && masks[slot]! >>> 31 === 1 && slots[slot]!.card[field].some((v) => values.includes(v)));
    };
    const industries = overlap('industries', s.industries);
    const languages = overlap('languages', s.languages);
    const years = s.minYears !== undefined || s.maxYears !== undefined;
    const [min, max] = [s.minYears ?? 0, s.maxYears ?? 1000];
    if (!industries && !languages && !locations && !years && s.hasVideo === undefined) return undefined;
    const video = s.hasVideo === undefined ? -1 : s.hasVideo ? 1 : 0;
    return (slot) =>
      (!locations || locations[locationOf[slot]!] === 1) &&
      (!years || (yearsOf[slot]! >= min && yearsOf[slot]! <= max)) &&
      (video === -1 || videoOf[slot] === video) &&
      (!industries || industries(slot)) &&
      (!languages || languages(slot));
  }

  /** Keeps the `need` smallest keys offered, in order, with their slots. */
  function smallest(need: number) {
    const keys: number[] = [];
    const slotsOf: number[] = [];
    return {
      offer(key: number, slot: number) {
        if (keys.length === need && key >= keys[need - 1]!) return;
        let at = keys.length;
        while (at > 0 && keys[at - 1]! > key) at--;
        keys.splice(at, 0, key);
        slotsOf.splice(at, 0, slot);
        if (keys.length > need) {
          keys.pop();
          slotsOf.pop();
        }
      },
      keys,
      slots: slotsOf,
    };
  }

  /** Where a page starts in an order: the rank of the first entry after the cursor's key. */
  function startRank(order: 'newest' | 'experience', after: IndexCursor, createdAt?: string): number {
    const probe = { id: after.id, createdAt: createdAt ?? '', years: typeof after.k === 'number' ? after.k : 0 } as Entry;
    return order === 'newest' ? firstAfter(newest, probe, byNewest) : firstAfter(experience, probe, byExperience);
  }

  /** The page from the index as it is now (synchronous: nothing changes it meanwhile). */
  function pageNow(s: NormalizedSearch, after: IndexCursor | undefined, query: QueryLexeme[][] | undefined) {
    ranks();
    const need = s.limit + 1;
    const filter = filterOf(s);
    const order = s.sort === 'experience' ? 'experience' : 'newest';
    const rank = order === 'newest' ? newestRank : experienceRank;
    const keyOf = (entry: Entry, tier: number): IndexPage['rows'][number]['key'] =>
      s.sort === 'relevance' ? [tier, entry.createdAt] : s.sort === 'experience' ? entry.years : entry.createdAt;
    let total = 0;
    const picked: { entry: Entry; tier: number }[] = [];

    if (query) {
      const size = slots.length;
      let from = 0;
      if (after) {
        const [tier, createdAt] = s.sort === 'relevance' ? (after.k as [number, string]) : [0, typeof after.k === 'string' ? after.k : undefined];
        from = tier * size + startRank(order, after, createdAt);
      }
      const first = smallest(need);
      const n = textMatches(query);
      const relevance = s.sort === 'relevance';
      for (let i = 0; i < n; i++) {
        const slot = matched[i]!;
        const tier = tierOf[slot]! - 1;
        tierOf[slot] = 0;
        if (filter && !filter(slot)) continue;
        total++;
        const key = (relevance ? tier * size : 0) + rank[slot]!;
        if (key >= from) first.offer(key, slot);
      }
      for (const [i, slot] of first.slots.entries()) {
        picked.push({ entry: slots[slot]!, tier: relevance ? Math.floor(first.keys[i]! / size) : 0 });
      }
    } else {
      const sorted = order === 'newest' ? newestSlots : experienceSlots;
      // By experience, the years asked for are one stretch of the order: only that is walked and counted.
      let [first, end] = [0, sorted.length];
      if (order === 'experience' && (s.minYears !== undefined || s.maxYears !== undefined)) {
        const below = (years: number) => firstAfter(experience, { id: '', createdAt: '', years } as Entry, byExperience);
        [first, end] = [below(s.maxYears ?? 1000), below((s.minYears ?? 0) - 1)];
      }
      const start = Math.max(first, after ? startRank(order, after, typeof after.k === 'string' ? after.k : undefined) : 0);
      for (let i = start; i < end && picked.length < need; i++) {
        const slot = sorted[i]!;
        if (!filter || filter(slot)) picked.push({ entry: slots[slot]!, tier: 0 });
      }
      if (!filter) total = sorted.length;
      else {
        const key = filterKey(s);
        const known = counts.get(key);
        if (known !== undefined) total = known;
        else {
          for (let i = first; i < end; i++) if (filter(sorted[i]!)) total++;
          counts.set(key, total);
          if (counts.size > COUNT_CACHE_SIZE) counts.delete(counts.keys().next().value!);
        }
      }
    }
    return { total, picked: picked.map(({ entry, tier }) => ({ entry, key: keyOf(entry, tier) })) };
  }

  return {
    async page(s, after, companyId) {
      const query = s.words.length > 0 ? await queryLexemes(s.words) : undefined;
      if (s.words.length > 0 && !query) return undefined;
      if (version === undefined) await refresh();
      // Made at the index's version, then checked against the current one (with the shortlist marks of its rows).
      for (let tries = 0; tries < 3; tries++) {
        const made = version;
        const { total, picked } = pageNow(s, after, query);
        const { rows } = await clientOf(db).query<{ version: string; marks: string[] }>({
          name: 'candidate_index_page',
          text: `select (select version::text from candidate_search_version where id = 1) as version,
              array(select profile_id::text from shortlists where company_id = $1 and profile_id = any($2::uuid[])) as marks`,
          values: [companyId, picked.map((p) => p.entry.id)],
        });
        if (rows[0]!.version === made) {
          const marked = new Set(rows[0]!.marks);
          return { total, rows: picked.map(({ entry, key }) => ({ card: { ...entry.card, shortlisted: marked.has(entry.id) }, key })) };
        }
        await refresh();
      }
      return undefined;
    },
  };
}
