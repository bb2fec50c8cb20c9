// Where introduction videos are kept and played from: the app itself (local) or a video host (vimeo).

export interface VideoHost {
  /** Takes a checked video file (the caller removes the file afterwards) and returns the URL the product plays. */
  upload(input: { filePath: string; size: number; contentType: string; title: string; description: string; ownerId: string }): Promise<{
    videoUrl: string;
  }>;
  /** The key of the `objects` row that records who uploaded the video at this URL; undefined for URLs this host
   *  did not return. Profiles accept a video only through it. */
  objectKeyOf(videoUrl: string): string | undefined;
  /** Removes the media of a video this host returned from upload; other URLs are left alone. The caller removes
   *  the `objects` row, usually in the transaction that found the video unused. */
  delete(videoUrl: string): Promise<void>;
  /** The origin of the player when it is not the app's own (the client embeds it in an iframe: CSP frame-src). */
  readonly playerOrigin?: string;
}
