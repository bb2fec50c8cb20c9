import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Tells the server a company contacted the candidate (candidate_events); the mail or chat app opens regardless. */
export async function recordContact(input: { id: string; channel: 'email' | 'whatsapp' }): Promise<void> {
  await apiRequest('POST', `/api/candidates/${input.id}/contact`, { channel: input.channel });
}

export function useRecordContact() {
  return useMutation({ mutationFn: recordContact });
}
