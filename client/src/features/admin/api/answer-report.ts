import type { AdminReportItem } from '#shared/employers.ts';
import { postJson, useAdminAction } from './admin-list';

/** The admin's answer, e-mailed to the reporter in their language; the report is then closed. */
export const answerReport = ({ id, answer }: { id: string; answer: string }) => postJson<AdminReportItem>(`/api/admin/reports/${id}/answer`, { answer });

export function useAnswerReport() {
  return useAdminAction(answerReport);
}
