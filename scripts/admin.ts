// `npm run admin -- grant <email>` / `revoke <email>`: names administrators from the command line.
import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '#shared/schema.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabaseForCommand } from '../server/db/open.ts';

const [command, rawEmail] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !rawEmail) {
  console.error('Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>');
  process.exit(2);
}
const email = rawEmail.trim().toLowerCase();
const { database, close } = await openDatabaseForCommand(loadConfig());
try {
  const isAdmin = command === 'grant';
  const outcome = await database.db.transaction(async (tx) => {
    const user = await tx.query.users.findFirst({ where: eq(users.email, email) });
    if (!user) return `No account uses ${email}. The person must sign up first.`;
    if (user.isAdmin === isAdmin) return `${email} ${isAdmin ? 'is already' : 'is not'} an administrator; nothing changed.`;
    if (!isAdmin) {
      const [{ admins }] = (await tx.select({ admins: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true))) as [
        { admins: number },
      ];
      if (admins <= 1) return `${email} is the last administrator and stays one.`;
    }
    await tx.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, user.id));
    await tx.insert(auditLog).values({
      actorId: null,
      action: isAdmin ? 'admin.grant' : 'admin.revoke',
      subjectType: 'user',
      subjectId: user.id,
      details: { email, via: 'command line' },
    });
    return `${email} ${isAdmin ? 'is now' : 'is no longer'} an administrator.`;
  });
  console.log(outcome);
} finally {
  await close();
}
