import { postJson, useAdminAction } from './admin-list';

export const retryEmail = (id: string) => postJson<unknown>(`/api/admin/emails/${id}/retry`);

export function useRetryEmail() {
  return useAdminAction(retryEmail);
}
