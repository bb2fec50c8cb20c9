import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReportDetail } from '#shared/employers.ts';

export const reportQuery = (id: string) => queryOptions<AdminReportDetail>({ queryKey: ['/api/admin/reports', id] });

export function useReport(id: string) {
  return useQuery(reportQuery(id));
}
