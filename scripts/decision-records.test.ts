import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions/README.md is the index a newcomer reads first; it must name every record, and only real ones.
const folder = path.resolve(import.meta.dirname, '../docs/decisions');
const records = readdirSync(folder).filter((name) => /^\d{4}-.+\.md$/.test(name)).sort();
const index = readFileSync(path.join(folder, 'README.md'), 'utf8');

describe('the index of decision records', () => {
  it('lists every record once, under its own title, with a status and a date', () => {
    for (const name of records) {
      const title = readFileSync(path.join(folder, name), 'utf8').split('\n')[0]!.replace(/^#\s*/, '');
      const rows = index.split('\n').filter((line) => line.startsWith(`| [${name.slice(0, 4)}](${name})`));
      expect(rows, name).toHaveLength(1);
      expect(rows[0], name).toContain(title);
      expect(rows[0], name).toMatch(/\| (Accepted|Superseded by \[\d{4}\]\(\d{4}-[^)]+\.md\)) \| \d{4}-\d{2}-\d{2}/);
    }
  });

  it('links only to records that exist', () => {
    const links = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!);
    expect(links.filter((link) => !records.includes(link))).toEqual([]);
  });

  it('marks a record superseded exactly when the record says so', () => {
    for (const name of records) {
      const superseded = /^Superseded by \d{4}/m.test(readFileSync(path.join(folder, name), 'utf8'));
      const row = index.split('\n').find((line) => line.startsWith(`| [${name.slice(0, 4)}]`))!;
      expect(row.includes('Superseded by'), name).toBe(superseded);
    }
  });
});
