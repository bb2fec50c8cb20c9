import { useMutation } from '@tanstack/react-query';
import type { SalesRequest } from '#shared/sales-request.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/sales-requests: answers 201 once the request is stored and its e-mail to the sales team queued. */
export async function sendSalesRequest(input: SalesRequest): Promise<{ id: string }> {
  return (await apiRequest('POST', '/api/sales-requests', input)).json();
}

export function useSendSalesRequest() {
  return useMutation({ mutationFn: sendSalesRequest });
}
