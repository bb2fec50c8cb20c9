import { useMutation } from '@tanstack/react-query';
import type { CompanyReportInput } from '#shared/employers.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/reports: a report about a company, for our team. */
export async function submitReport(input: CompanyReportInput): Promise<{ id: string }> {
  return (await apiRequest('POST', '/api/reports', input)).json();
}

export function useSubmitReport() {
  return useMutation({ mutationFn: submitReport });
}
