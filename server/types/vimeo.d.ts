// @vimeo/vimeo ships no types; only what server/video/vimeo.ts and its contract test use.
declare module '@vimeo/vimeo' {
  export interface RequestOptions {
    method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    /** May carry a query string. */
    path: string;
    /** The JSON body of POST, PATCH, PUT and DELETE; the query string of GET. */
    query?: Record<string, unknown>;
    headers?: Record<string, string>;
  }

  export class Vimeo {
    constructor(clientId: string | null, clientSecret: string | null, accessToken?: string);
    /** status is undefined when no answer came (network error); a failed call gives err with the raw body. */
    request(
      options: RequestOptions,
      callback: (err: Error | null, body: unknown, status?: number, headers?: Record<string, string | string[] | undefined>) => void,
    ): void;
    /** Creates the video (POST /me/videos, tus approach) and uploads the file with tus; resolves with its URI. */
    upload(filePath: string, params: Record<string, unknown>): Promise<string>;
  }

  /** Where requests go; tests point it at a local fake. */
  export const vimeo_module: {
    request_defaults: { protocol: string; hostname: string; port: number; headers: Record<string, string> };
  };
}
