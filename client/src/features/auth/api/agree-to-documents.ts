import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

/** POST /api/auth/consent: agreement to the privacy policy and terms of the version the page showed. */
export async function agreeToDocuments(version: string): Promise<{ agreed: boolean }> {
  return (await apiRequest('POST', '/api/auth/consent', { version })).json();
}

/** Who is signed in is read again: the prompt goes once the account has agreed to the version in force. */
export function useAgreeToDocuments() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: agreeToDocuments, onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) });
}
