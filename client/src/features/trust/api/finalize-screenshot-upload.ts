import { apiRequest } from '@/lib/api-client';

/** Step 3: the app checks the image by its bytes and answers its path. */
export async function finalizeScreenshotUpload(objectURL: string): Promise<string> {
  return ((await (await apiRequest('PUT', '/api/reports/screenshot/acl', { objectURL })).json()) as { objectPath: string }).objectPath;
}
