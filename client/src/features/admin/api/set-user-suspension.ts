import type { AdminUser } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

/** POST /api/admin/users/:id/suspend or /reactivate. */
export const setUserSuspension = (input: { id: string; suspend: boolean }) =>
  postJson<AdminUser>(`/api/admin/users/${input.id}/${input.suspend ? 'suspend' : 'reactivate'}`);

export function useSetUserSuspension() {
  return useAdminAction(setUserSuspension);
}
