import { postJson, useAdminAction } from './admin-list';

/** POST /api/admin/users/:id/delete: the account is signed out and hidden at once, erased within a day. */
export const deleteUser = (id: string) => postJson<{ deletionRequested: true }>(`/api/admin/users/${id}/delete`);

export function useDeleteUser() {
  return useAdminAction(deleteUser);
}
