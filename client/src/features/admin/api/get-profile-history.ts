import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileHistoryEntry } from '#shared/admin.ts';

/** The profile's history, newest first (under the profile's key, so every admin action reads it again). */
export const profileHistoryQuery = (id: string) =>
  queryOptions<ProfileHistoryEntry[]>({ queryKey: ['/api/admin/profiles', id, 'history'] });

export function useProfileHistory(id: string) {
  return useQuery(profileHistoryQuery(id));
}
