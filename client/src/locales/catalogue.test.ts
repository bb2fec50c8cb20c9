// The catalogues are complete: every English key exists in Arabic (every namespace) and in the six languages of the
// Gulf's workforce (the job seeker's namespaces), with each language's plural forms, the same interpolation
// variables, and no empty value or key name left in; every validation message a form can show is translated. The
// server's e-mail texts (server/mail/locales, namespace 'emails') are held to the same rules.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDUSTRIES, LANGUAGES, LOCATIONS, VIDEO_CONTENT_TYPES } from '#shared/constants.ts';
import { errorCatalogue } from '#shared/errors.ts';
import { JOB_SEEKER_NAMESPACES, LOCALES, type Locale } from '#shared/locales.ts';
import { JOB_SEEKER_FORMS, OTHER_FORMS, validationMessages } from './support/validation-messages.ts';

const dir = import.meta.dirname;
const MAIL_DIR = path.join(dir, '../../../server/mail/locales');
type Catalogue = Record<string, unknown>;
const read = (locale: string, namespace: string): Catalogue | undefined => {
  const file = path.join(namespace === 'emails' ? MAIL_DIR : dir, locale, `${namespace}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : undefined;
};

/** English namespaces: the files, and the errors table (the server's texts). */
const english: Record<string, Catalogue> = Object.fromEntries([
  ...readdirSync(path.join(dir, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), read('en', file.replace(/\.json$/, ''))!]),
  ['errors', errorCatalogue()],
  ['emails', read('en', 'emails')!],
]);

/** Leaves of a catalogue by path ('a.b', 'list.0.title'). */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (Array.isArray(value)) value.forEach((item, i) => leaves(item, `${prefix}.${i}`).forEach((v, k) => out.set(k, v)));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) leaves(item, prefix ? `${prefix}.${key}` : key).forEach((v, k) => out.set(k, v));
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => new Set([...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|%\{(\w+)\}/g)].map((m) => (m[1] ?? m[2])!));
/** Values a translation may keep as they are in English. */
const SAME_IN_EVERY_LANGUAGE = new Set(['WhatsApp', 'LinkedIn', 'IBAN', 'SWIFT', 'TRN {{trn}}', '404 Page Not Found', 'CV']);
/** The emirates by name (licences are issued per emirate); Filipino writes them as English does. */
const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'];
/** English words that are the everyday word in a language's own usage (Filipino keeps these on every phone). */
const LOANWORDS: Partial<Record<Locale, Set<string>>> = {
  tl: new Set(['Menu', 'Admin', 'E-mail', 'Password', 'Employer', 'Hindi', 'Urdu', 'Tagalog', 'Bengali', 'Malayalam', 'Tamil', ...LOCATIONS, ...EMIRATES]),
};

function checkNamespace(locale: Locale, namespace: string, problems: string[], only?: string[]) {
  const source = new Map([...leaves(english[namespace])].filter(([key]) => !only || only.includes(key.split('.')[0]!)));
  const translated = read(locale, namespace);
  if (!translated) {
    problems.push(`${locale}/${namespace}.json is missing`);
    return;
  }
  const target = leaves(translated);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const pluralBases = new Set([...source.keys()].filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  for (const [key, text] of source) {
    if (PLURAL.test(key)) continue;
    const value = target.get(key);
    if (value === undefined) problems.push(`${locale}/${namespace}: ${key} is missing`);
    else check(key, value, text, false);
  }
  for (const base of pluralBases) {
    const englishText = source.get(`${base}_other`)!;
    for (const category of categories) {
      const value = target.get(`${base}_${category}`);
      if (value === undefined) problems.push(`${locale}/${namespace}: ${base}_${category} is missing`);
      // Forms for exact numbers ('one', 'two', 'zero') may name the number in words instead of {{count}}.
      else check(`${base}_${category}`, value, englishText, category !== 'other' && category !== 'few' && category !== 'many');
    }
  }
  for (const key of target.keys()) {
    const base = key.replace(PLURAL, '');
    if (!source.has(key) && !pluralBases.has(base)) problems.push(`${locale}/${namespace}: ${key} is not an English key`);
  }

  function check(key: string, value: string, englishText: string, countMayGo: boolean) {
    const last = key.split('.').at(-1)!;
    if (!value.trim()) problems.push(`${locale}/${namespace}: ${key} is empty`);
    if ((value === last || value === key) && last !== 'id' && value !== englishText) problems.push(`${locale}/${namespace}: ${key} holds its key`);
    // Anchors (`id`) are the same in every language.
    if (value === englishText && last !== 'id' && !SAME_IN_EVERY_LANGUAGE.has(value) && !LOANWORDS[locale]?.has(value) && /[a-z]{3}/i.test(value.replace(/\{\{[^}]*\}\}/g, ''))) {
      problems.push(`${locale}/${namespace}: ${key} is still English ("${value}")`);
    }
    const expected = variables(englishText);
    const actual = variables(value);
    if (countMayGo) for (const name of ['count', 'smart_count']) expected.delete(name);
    for (const name of expected) if (!actual.has(name)) problems.push(`${locale}/${namespace}: ${key} lacks {{${name}}}`);
    for (const name of actual) if (!variables(englishText).has(name)) problems.push(`${locale}/${namespace}: ${key} has an unknown {{${name}}}`);
  }
}

function checkValidation(locale: Locale, messages: Set<string>, problems: string[]) {
  const catalogue = read(locale, 'validation') ?? {};
  for (const message of messages) {
    const value = catalogue[message];
    if (typeof value !== 'string' || !value.trim()) problems.push(`${locale}/validation: "${message}" is missing`);
    else if (value === message) problems.push(`${locale}/validation: "${message}" is still English`);
  }
}

const WORKFORCE: Locale[] = LOCALES.filter((locale): locale is Locale => locale !== 'en' && locale !== 'ar');
/** The errors a job seeker can meet; the company side's and the console's fall back to English in these languages. */
const JOB_SEEKER_ERROR_AREAS = ['common', 'auth', 'profile', 'upload', 'file', 'video', 'employer', 'report', 'account', 'export'];
/** The e-mails a job seeker receives; company e-mails reach these languages in English. */
const JOB_SEEKER_EMAILS = ['layout', 'verifyEmail', 'passwordReset', 'profileApproved', 'profileRejected', 'stillLooking', 'profileActivity', 'reportAnswer', 'dataExportReady'];

describe('catalogues', () => {
  it('names every option a profile can hold (industries, languages, locations are stored as these codes)', () => {
    const options = english.options as Record<string, Record<string, string>>;
    expect(Object.keys(options.industries!)).toEqual([...INDUSTRIES]);
    expect(Object.keys(options.languages!)).toEqual([...LANGUAGES]);
    expect(Object.keys(options.locations!)).toEqual([...LOCATIONS]);
  });

  it('the video hint names every type of video the server accepts, in every language', () => {
    const NAMES: Record<(typeof VIDEO_CONTENT_TYPES)[number], string> = {
      'video/mp4': 'MP4',
      'video/quicktime': 'MOV',
      'video/x-msvideo': 'AVI',
      'video/webm': 'WebM',
    };
    for (const locale of LOCALES) {
      const hint = (read(locale, 'profile')!.form as Catalogue).videoHint as string;
      for (const type of VIDEO_CONTENT_TYPES) expect(hint, `${locale}: ${hint}`).toContain(NAMES[type]);
    }
  });

  it('Arabic has every namespace, every key, its plural forms and the same variables', () => {
    const problems: string[] = [];
    for (const namespace of Object.keys(english)) checkNamespace('ar', namespace, problems);
    checkValidation('ar', validationMessages([...JOB_SEEKER_FORMS, ...OTHER_FORMS]), problems);
    expect(problems).toEqual([]);
  });

  it.each(WORKFORCE)('%s has the job seeker namespaces, every key, its plural forms and the same variables', (locale) => {
    const problems: string[] = [];
    for (const namespace of JOB_SEEKER_NAMESPACES) {
      if (namespace !== 'validation') checkNamespace(locale, namespace, problems, namespace === 'errors' ? JOB_SEEKER_ERROR_AREAS : undefined);
    }
    checkNamespace(locale, 'emails', problems, JOB_SEEKER_EMAILS);
    checkValidation(locale, validationMessages(JOB_SEEKER_FORMS), problems);
    expect(problems).toEqual([]);
  });
});
