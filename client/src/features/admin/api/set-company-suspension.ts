import { postJson, useAdminAction } from './admin-list';

/** POST /api/admin/companies/:id/suspend or /reactivate. */
export const setCompanySuspension = (input: { companyId: string; suspend: boolean }) =>
  postJson<unknown>(`/api/admin/companies/${input.companyId}/${input.suspend ? 'suspend' : 'reactivate'}`);

export function useSetCompanySuspension() {
  return useAdminAction(setCompanySuspension);
}
