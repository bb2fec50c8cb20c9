// "Are you still looking for work?": approved job seekers who have not said so for a month are asked by e-mail, at
// most once a month; the e-mail's link confirms it in one click without signing in. It is a single-use token that
// expires (auth_tokens, purpose 'still_looking'), kept apart from the message like every link that acts for its
// recipient (docs/decisions/0015).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { authTokens, jobSeekerProfiles, users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { stillLookingTemplate } from '../mail/templates.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Asked when they last said so this long ago, and not asked again sooner. */
export const ASK_AFTER_MS = 30 * DAY_MS;
/** How long the e-mail's link works. */
export const STILL_LOOKING_LINK_TTL_MS = 14 * DAY_MS;
const PURPOSE = 'still_looking';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface StillLookingContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
}

/** Asks one batch of job seekers who are due; how many it asked. */
async function askBatch(ctx: StillLookingContext, batchSize: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const before = new Date(now.getTime() - ASK_AFTER_MS);
    const due = await tx
      .select({ profile: jobSeekerProfiles, email: users.email, locale: users.locale })
      .from(jobSeekerProfiles)
      .innerJoin(users, eq(users.id, jobSeekerProfiles.userId))
      .where(
        and(
          eq(jobSeekerProfiles.listed, true),
          eq(jobSeekerProfiles.visibility, 'visible'),
          isNotNull(users.email),
          lt(jobSeekerProfiles.lookingConfirmedAt, before),
          or(isNull(jobSeekerProfiles.lookingAskedAt), lt(jobSeekerProfiles.lookingAskedAt, before)),
        ),
      )
      .orderBy(jobSeekerProfiles.lookingConfirmedAt)
      .limit(batchSize)
      .for('update', { of: jobSeekerProfiles, skipLocked: true });
    for (const { profile, email, locale } of due) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + STILL_LOOKING_LINK_TTL_MS);
      await tx.insert(authTokens).values({ userId: profile.userId, purpose: PURPOSE, tokenHash: hashToken(token), expiresAt });
      const mail = stillLookingTemplate({
        productName: ctx.productName,
        name: profile.fullName,
        link: `${ctx.publicUrl}/still-looking?token=${token}`,
        locale,
      });
      await enqueueEmail(tx, { to: email!, template: 'still_looking', ...mail }, { now, secretsExpireAt: expiresAt });
      await tx.update(jobSeekerProfiles).set({ lookingAskedAt: now }).where(eq(jobSeekerProfiles.id, profile.id));
    }
    return due.length;
  });
}

/** Every job seeker due to be asked now, in batches; how many were asked. */
export async function askStillLooking(ctx: StillLookingContext, batchSize = 100): Promise<number> {
  let asked = 0;
  for (let n = await askBatch(ctx, batchSize); n > 0; n = await askBatch(ctx, batchSize)) asked += n;
  return asked;
}

/** The e-mail's link: once, before it expires. Answers the name the profile shows. */
export async function confirmStillLookingByLink(ctx: Pick<StillLookingContext, 'db' | 'clock'>, token: string): Promise<{ fullName: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [used] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, PURPOSE), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
      .returning({ userId: authTokens.userId });
    if (!used) throw new DomainError('profile.looking_link_used');
    const [profile] = await tx
      .update(jobSeekerProfiles)
      .set({ lookingConfirmedAt: now })
      .where(eq(jobSeekerProfiles.userId, used.userId))
      .returning({ fullName: jobSeekerProfiles.fullName });
    if (!profile) throw new DomainError('profile.looking_link_used');
    return profile;
  });
}
