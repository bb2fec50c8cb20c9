import { apiRequest } from '@/lib/api-client';

/** The link of an alert e-mail: turns that saved search's e-mails off. */
export async function stopAlert(token: string): Promise<{ name: string }> {
  return (await apiRequest('POST', '/api/alerts/stop', { token })).json();
}
