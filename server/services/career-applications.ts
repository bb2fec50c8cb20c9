// Applications to join the provider's own team: stored, and announced to the support address.
import { and, eq, isNull } from 'drizzle-orm';
import { careerApplications, objects } from '#shared/schema.ts';
import { type CareerApplicationValues } from '#shared/career.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { careerApplicationTemplate } from '../mail/templates.ts';
import { DomainError } from '../domain-error.ts';

export interface CareerContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  supportEmail: string;
}

/** Stores the application and queues its notification in one transaction: both happen, or neither. */
export async function submitCareerApplication(ctx: CareerContext, input: CareerApplicationValues): Promise<{ id: string }> {
  // The schema admits only /objects/resume/<uuid>, so the key is the path without its prefix.
  const key = input.resumeUrl.slice('/objects/'.length);
  return ctx.db.transaction(async (tx) => {
    // Locking the resume's row makes two applications sent at once with the same upload take turns,
    // so the second one sees the first and is refused (one application per upload).
    const [resume] = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.key, key), eq(objects.kind, 'resume'), isNull(objects.ownerId), eq(objects.status, 'ready')))
      .for('update');
    if (!resume) throw new DomainError('career.resume_not_found');
    const [used] = await tx
      .select({ id: careerApplications.id })
      .from(careerApplications)
      .where(eq(careerApplications.resumeUrl, input.resumeUrl))
      .limit(1);
    if (used) throw new DomainError('career.resume_used');

    const [application] = await tx
      .insert(careerApplications)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        linkedinUrl: input.linkedinUrl ?? null,
        message: input.message ?? null,
        resumeUrl: input.resumeUrl,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: careerApplications.id });
    const mail = careerApplicationTemplate({ productName: ctx.productName, publicUrl: ctx.publicUrl, application: input });
    await enqueueEmail(tx, { to: ctx.supportEmail, template: 'career_application', ...mail }, { now: ctx.clock.now() });
    return { id: application!.id };
  });
}
