import type { CompanyView } from '#shared/company.ts';
import { postJson, useAdminAction } from './admin-list';

/** The verified mark of an employer whose trade licence was checked, or taken away. */
export const setEmployerVerification = ({ id, verified }: { id: string; verified: boolean }) =>
  postJson<CompanyView>(`/api/admin/companies/${id}/employer-verification`, { verified });

export function useSetEmployerVerification() {
  return useAdminAction(setEmployerVerification);
}
