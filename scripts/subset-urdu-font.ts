// Makes the Urdu page's Nastaliq font: Noto Nastaliq Urdu (regular, from @fontsource/noto-nastaliq-urdu) cut down to
// the letters, marks, digits and punctuation Urdu text uses, with every contextual form and ligature they need. The
// whole Arabic-script file is about 160 kB; this one is about 100 kB, which a phone on mobile data feels. The result
// and its @font-face rule are committed (client/src/fonts/); run `npm run fonts:urdu` again after updating the package.
// Characters outside the range (a rare letter in a name, Latin words, digits) fall back to the next font in the
// Urdu family (index.css): the font-face's unicode-range says which ones this file has.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const subsetFont = require('subset-font') as (font: Buffer, text: string, options: { targetFormat: 'woff2' }) => Promise<Buffer>;

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'node_modules/@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff2');
const outDir = path.join(root, 'client/src/fonts');
const fontFile = 'noto-nastaliq-urdu-400.woff2';

/** What Urdu text is made of, and the Arabic letters and marks a name typed into an Urdu page may carry. */
export const URDU_RANGES: [number, number][] = [
  [0x060c, 0x060c], // Arabic comma
  [0x061b, 0x061b], // semicolon
  [0x061f, 0x061f], // question mark
  [0x0621, 0x063a], // the Arabic letters
  [0x0640, 0x0655], // tatweel, letters, harakat, hamza marks
  [0x0660, 0x066d], // Arabic-Indic digits, percent, separators
  [0x0670, 0x0670], // superscript alef
  [0x0679, 0x0679], // ٹ
  [0x067e, 0x067e], // پ
  [0x0686, 0x0686], // چ
  [0x0688, 0x0688], // ڈ
  [0x0691, 0x0691], // ڑ
  [0x0698, 0x0698], // ژ
  [0x06a9, 0x06a9], // ک
  [0x06af, 0x06af], // گ
  [0x06ba, 0x06ba], // ں
  [0x06be, 0x06be], // ھ
  [0x06c0, 0x06c3], // ۀ ہ ۂ ۃ
  [0x06cc, 0x06cc], // ی
  [0x06d2, 0x06d4], // ے ۓ ۔
  [0x06f0, 0x06f9], // Urdu digits
  [0x200c, 0x200f], // joiners and direction marks
  [0xfdf2, 0xfdf2], // the Allah ligature
];

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

async function main() {
  const text = URDU_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');
  const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
  writeFileSync(path.join(outDir, fontFile), subset);
  const unicodeRange = URDU_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(',');
  writeFileSync(
    path.join(outDir, 'noto-nastaliq-urdu.css'),
    `/* Made by scripts/subset-urdu-font.ts from @fontsource/noto-nastaliq-urdu (SIL Open Font License 1.1). */
@font-face {
  font-family: 'Noto Nastaliq Urdu';
  font-style: normal;
  font-display: swap;
  font-weight: 400;
  src: url(./${fontFile}) format('woff2');
  unicode-range: ${unicodeRange};
}
`,
  );
  console.log(`${fontFile}: ${subset.length} bytes (from ${readFileSync(source).length})`);
}

await main();
