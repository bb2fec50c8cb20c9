import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/company/owner: the colleague becomes the owner; the caller stays as an admin. */
export async function transferOwnership(userId: string): Promise<void> {
  await apiRequest('POST', '/api/company/owner', { userId });
}

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferOwnership, onSuccess: () => queryClient.invalidateQueries() });
}
