import { apiRequest } from '@/lib/api-client';

/** Step 1 of a report's screenshot upload: a signed URL to PUT the image to. */
export async function requestScreenshotUpload(): Promise<string> {
  return ((await (await apiRequest('POST', '/api/reports/screenshot/upload')).json()) as { uploadURL: string }).uploadURL;
}
