import type { AdminUser } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

export const setUserAdmin = (input: { id: string; isAdmin: boolean }) => postJson<AdminUser>(`/api/admin/users/${input.id}/admin`, { isAdmin: input.isAdmin });

export function useSetUserAdmin() {
  return useAdminAction(setUserAdmin);
}
