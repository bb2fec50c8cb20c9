// The companies that send the bench's searches: signed up through the API, each from an address of its own, made
// active subscribers, and blocked by job seekers. Apart from the bench's steps, as one of them.
import { inArray, sql } from 'drizzle-orm';
import { companyProfiles, users } from '#shared/schema.ts';
import type { Db } from '../../server/db/client.ts';

/** Answers the companies' session cookies and their ids, in the order they signed up. */
export async function signUpActiveCompanies(base: string, db: Db, companyCount: number, blocksPerCompany: number, log: (message: string) => void) {
  log(`signing up ${companyCount} active companies`);
  const cookies: string[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < companyCount; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, companyCount - i) }, async (_, j) => {
        const n = i + j;
        const res = await fetch(`${base}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` },
          body: JSON.stringify({ email: `bench.company.${n}@example.com`, password: 'bench password 1', role: 'company' }),
        });
        if (res.status !== 201) throw new Error(`sign-up ${n}: ${res.status} ${await res.text()}`);
        cookies[n] = res.headers.get('set-cookie')!.split(';')[0]!;
        userIds[n] = ((await res.json()) as { id: string }).id;
      }),
    );
  }
  const now = Date.now();
  const companies = await db
    .insert(companyProfiles)
    .values(
      userIds.map((userId, n) => ({
        userId,
        companyName: `Bench Company ${n}`,
        contactPerson: 'Bench',
        phone: '+971501112233',
        email: `bench.company.${n}@example.com`,
        subscriptionPlan: 'monthly',
        subscriptionStatus: 'active',
        paymentVerifiedAt: new Date(now),
        activatedAt: new Date(now),
        subscriptionStartDate: new Date(now - 86_400_000),
        subscriptionEndDate: new Date(now + 30 * 86_400_000),
      })),
    )
    .returning({ id: companyProfiles.id });
  await db.update(users).set({ status: 'active' }).where(inArray(users.id, userIds));
  // Every company has been blocked by this many job seekers (a different random set each): each search of the mix,
  // whichever company sends it, leaves them out.
  if (blocksPerCompany > 0) {
    log(`${blocksPerCompany} blocks for each company`);
    await db.execute(sql`
      insert into company_blocks (profile_id, company_id)
      select p.id, c.id
      from ${companyProfiles} c
      -- From a random place in the id order (ids are random): a set of its own per company, read through the key.
      cross join lateral (select id from job_seeker_profiles where id >= gen_random_uuid() and c.id is not null order by id limit ${blocksPerCompany}) p
      on conflict do nothing`);
    await db.execute(sql`analyze company_blocks`);
  }
  return { cookies, companies };
}
