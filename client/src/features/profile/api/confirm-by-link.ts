import { apiRequest } from '@/lib/api-client';

/** The link of the "still looking?" e-mail: confirms it for the job seeker, signed in or not. */
export async function confirmStillLookingByLink(token: string): Promise<{ fullName: string }> {
  return (await apiRequest('POST', '/api/still-looking', { token })).json();
}
