// `npm run bench:payments`: the console's invoices awaiting payment at scale (docs/decisions/0044). Starts a throwaway
// embedded PostgreSQL, migrates, seeds --companies companies (50,000 by default) with ten invoices each, nine paid and
// one awaiting payment, one in ten of those declared paid, then times pages and searches of the list through the
// service (median of 7, a page of 20 with its count) and prints one `RESULT payments case=... ms=... total=...` line
// each.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../server/db/client.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { runMigrations } from '../server/db/migrate.ts';
import { listAwaitingPayments } from '../server/services/awaiting-payments.ts';

const { values } = parseArgs({ options: { companies: { type: 'string', default: '50000' } } });
const companies = Number(values.companies);
if (!Number.isSafeInteger(companies) || companies < 100) throw new Error('--companies must be a whole number of at least 100');

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-bench-payments-'));
// As root, the embedded PostgreSQL runs as user postgres, which must be able to enter the directory.
await chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres({ dataDir: dir, database: 'wazifa_bench', use: 'own' });
const database = createDatabase(postgres.url, { max: 4 });
try {
  await runMigrations(database);
  const { db } = database;
  log(`seeding ${companies.toLocaleString('en')} companies and ${(companies * 10).toLocaleString('en')} invoices`);
  await db.execute(sql`insert into users (id, email, role, status) select 'bench-' || g, 'company' || g || '@bench.example', 'company', 'active' from generate_series(1, ${companies}) g`);
  const firstWords = ['Desert', 'Gulf', 'Oasis', 'Pearl', 'Falcon', 'Palm', 'Dune', 'Marina'];
  const secondWords = ['Hotels', 'Logistics', 'Cleaning', 'Security', 'Builders', 'Retail'];
  const companyName = (g: number) => `${firstWords[g % 8]} ${secondWords[g % 6]} ${g}`;
  await db.execute(sql`
    insert into company_profiles (id, user_id, company_name, contact_person, phone, email, subscription_plan, subscription_status, created_at)
    select md5('company' || g)::uuid, 'bench-' || g,
      (${sql.param(firstWords)}::text[])[1 + g % 8] || ' ' || (${sql.param(secondWords)}::text[])[1 + g % 6] || ' ' || g,
      'Layla Mansour', '+971551234567', 'company' || g || '@bench.example', 'monthly', 'pending_payment', now() - interval '1 day' * (g % 700)
    from generate_series(1, ${companies}) g`);
  // The three plans' totals with VAT (AED 525, 1,417.50 and 5,040): an amount matches a third of the list.
  await db.execute(sql`
    insert into invoices (number, year, sequence, company_id, plan, period_start, period_end, subtotal_fils, vat_rate_basis_points, vat_fils, total_fils,
      seller, buyer, status, issued_at, payment_declared_at, declared_transfer_date, declared_reference)
    select 'INV-' || (2020 + k) || '-' || lpad(g::text, 6, '0'), 2020 + k, g, md5('company' || g)::uuid,
      (array['monthly', 'quarterly', 'annual'])[1 + (g + k) % 3], '2026-01-01', '2026-01-31',
      (array[50000, 135000, 480000])[1 + (g + k) % 3], 500, (array[2500, 6750, 24000])[1 + (g + k) % 3], (array[52500, 141750, 504000])[1 + (g + k) % 3],
      '{}', '{}', case when k = 9 then 'issued' else 'paid' end, now() - interval '1 hour' * (g + k * ${companies}),
      case when k = 9 and g % 10 = 0 then now() - interval '1 minute' * g end,
      case when k = 9 and g % 10 = 0 then date '2026-03-01' end,
      case when k = 9 and g % 10 = 0 then 'FT' || lpad(g::text, 11, '0') end
    from generate_series(1, ${companies}) g, generate_series(0, 9) k`);
  await db.execute(sql`vacuum analyze`);

  const declared = Math.floor(companies / 10) * 10;
  const cases: Array<[string, { q?: string; pages?: number }]> = [
    ['first_page', {}],
    ['deep_page', { pages: 300 }],
    ['reference', { q: `FT${String(declared).padStart(11, '0')}` }],
    ['reference_spaced', { q: `ft ${String(declared).padStart(11, '0').replace(/(\d{4})(?=\d)/g, '$1 ')}` }],
    ['amount_1417.50', { q: '1417.50' }],
    ['amount_1,417.50', { q: '1,417.50' }],
    ['invoice_number', { q: `INV-2029-${String(Math.floor(companies / 2)).padStart(6, '0')}` }],
    ['company_name', { q: companyName(companies - 4).toLowerCase() }],
    ['company_name_no_match', { q: 'Falcon Security 0' }],
    ['no_match', { q: 'zzzz' }],
  ];
  for (const [name, { q, pages = 0 }] of cases) {
    let cursor: string | undefined;
    // Deep in the list (or at its last page, for a small one).
    for (let page = 0; page < pages; page++) {
      const next = (await listAwaitingPayments(db, { q, cursor, limit: 20 })).nextCursor;
      if (!next) break;
      cursor = next;
    }
    const times: number[] = [];
    let total = 0;
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      total = (await listAwaitingPayments(db, { q, cursor, limit: 20 })).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`RESULT payments companies=${companies} case=${name} ms=${times[3]!.toFixed(1)} total=${total}`);
  }
} finally {
  await database.close();
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
