// The counts the admin console's navigation shows (GET /api/admin/overview): what waits for the team.
import { sql } from 'drizzle-orm';
import type { AdminOverview } from '#shared/admin.ts';
import type { Db } from '../db/client.ts';

/**
 * One round trip, each count served by an index: pending accounts with a profile that is not waiting for its video
 * (users_status_idx, as the review queue counts them), companies waiting for their first payment
 * (company_profiles_status_idx), invoices the company says it has paid
 * (invoices_awaiting_payment_idx), applications nobody marked reviewed (career_applications_unreviewed_idx), sales
 * requests nobody handled (sales_requests_open_idx), e-mails given up on (email_outbox_due_idx) and reports about
 * companies not answered yet (company_reports_open_idx).
 */
export async function adminOverview(db: Db): Promise<AdminOverview> {
  const { rows } = await db.execute<{ [K in keyof AdminOverview]: number }>(sql`
    select
      (select count(*)::int from job_seeker_profiles p join users u on u.id = p.user_id where u.status = 'pending' and p.video_upload_id is null) as "pendingProfiles",
      (select count(*)::int from company_profiles where subscription_status = 'pending_payment') as "pendingPayments",
      (select count(*)::int from invoices where status = 'issued' and payment_declared_at is not null) as "declaredPayments",
      (select count(*)::int from career_applications where reviewed_at is null) as "unreviewedApplications",
      (select count(*)::int from sales_requests where handled_at is null) as "openSalesRequests",
      (select count(*)::int from email_outbox where status = 'failed') as "failedEmails",
      (select count(*)::int from company_reports where answered_at is null) as "openReports"`);
  const row = rows[0]!;
  return {
    pendingProfiles: row.pendingProfiles,
    pendingPayments: row.pendingPayments,
    declaredPayments: row.declaredPayments,
    unreviewedApplications: row.unreviewedApplications,
    openSalesRequests: row.openSalesRequests,
    failedEmails: row.failedEmails,
    openReports: row.openReports,
  };
}
