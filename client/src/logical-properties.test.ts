// Layouts mirror in Arabic and Urdu because the code uses logical properties only: start/end utilities (ms-, pe-,
// start-0, text-start, rounded-e) and CSS (margin-inline-start, inset-inline-end). A physical left or right places a
// thing on the same side in both directions, so it is refused here; a horizontal translate needs its rtl: mirror.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const files = (readdirSync(root, { recursive: true }) as string[])
  .filter((file) => /\.(tsx?|css)$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => path.join(root, file));

const SIZE = String.raw`(?:\d[\w./]*|\[[^\]\s]+\]|full|auto|px)`;
const PHYSICAL_UTILITY = new RegExp(
  String.raw`(?<![\w-])-?(?:(?:m|p|scroll-m|scroll-p)[lr]|left|right|border-[lr]|rounded-(?:[lr]|[tb][lr]))-${SIZE}(?![\w-])` +
    String.raw`|(?<![\w-])(?:text-(?:left|right)|float-(?:left|right)|clear-(?:left|right)|border-[lr]|rounded-(?:[tb]?[lr])(?:-(?:none|xs|sm|md|lg|xl|2xl|3xl|4xl|full))?)(?![\w-])`,
  'g',
);
const PHYSICAL_CSS = /(?<![\w-])(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)|text-align:\s*(?:left|right)|float:\s*(?:left|right)|(?:left|right)\s*:)/g;
const PHYSICAL_STYLE = /\b(?:marginLeft|marginRight|paddingLeft|paddingRight|borderLeft\w*|borderRight\w*)\b|style=\{\{[^}]*\b(?:left|right)\s*:/g;
const TRANSLATE_X = new RegExp(String.raw`(?<![\w:-])(?:[\w\[\]=-]+:)*-?translate-x-${SIZE}`, 'g');

/** Physical placements in one file, as 'file:line text'. */
function physicalPlacements(file: string): string[] {
  const found: string[] = [];
  const where = (line: number, text: string) => found.push(`${path.relative(root, file)}:${line} ${text}`);
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
      const patterns = file.endsWith('.css') ? [PHYSICAL_CSS] : [PHYSICAL_UTILITY, PHYSICAL_STYLE];
      for (const pattern of patterns) for (const match of code.matchAll(pattern)) where(index + 1, match[0]);
      const translates = [...code.matchAll(TRANSLATE_X)].map((match) => match[0]);
      const mirrored = translates.some((text) => text.includes('rtl:'));
      if (translates.length && !mirrored) where(index + 1, translates.join(' '));
    });
  return found;
}

describe('layouts mirror right to left', () => {
  it('finds the patterns it is meant to refuse', () => {
    const probe = (text: string, css = false) =>
      [...text.matchAll(css ? PHYSICAL_CSS : PHYSICAL_UTILITY)].map((match) => match[0]);
    expect(probe('"ml-2 pr-4 left-0 -right-1 text-left border-l rounded-tr-lg md:mr-[3px]"')).toEqual([
      'ml-2',
      'pr-4',
      'left-0',
      '-right-1',
      'text-left',
      'border-l',
      'rounded-tr-lg',
      'mr-[3px]',
    ]);
    expect(probe('"ms-2 pe-4 start-0 -end-1 text-start border-s rounded-se-lg right-to-left"')).toEqual([]);
    expect(probe('.a { margin-left: 1px; left: 0; inset-inline-start: 0 }', true)).toEqual(['margin-left', 'left:']);
  });

  it('uses no left or right placement in the client', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap(physicalPlacements)).toEqual([]);
  });
});
