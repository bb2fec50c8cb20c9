// The product's texts as the reader sees them, read from the client's catalogues (values left out), so that a test
// in another language names what it looks for in that language's own words.
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = path.resolve(import.meta.dirname, '../../client/src/locales');

export function catalogueText(locale: string, namespace: string, key: string): string {
  let node: string | Catalogue = JSON.parse(readFileSync(path.join(catalogues, locale, `${namespace}.json`), 'utf8')) as Catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part]!;
  if (typeof node !== 'string') throw new Error(`${locale}/${namespace}:${key} is not a text`);
  return node;
}
