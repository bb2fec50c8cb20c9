import { useMutation } from '@tanstack/react-query';
import type { CareerApplicationValues } from '#shared/career.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/career-application: answers 201 with the stored application's id. */
export async function submitCareerApplication(input: CareerApplicationValues): Promise<{ id: string }> {
  return (await apiRequest('POST', '/api/career-application', input)).json();
}

export function useSubmitCareerApplication() {
  return useMutation({ mutationFn: submitCareerApplication });
}
