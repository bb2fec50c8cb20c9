// Where introduction videos are kept and played from (DESIGN 2): the app itself (local) or a video host (vimeo).

export interface VideoHost {
  /** Takes a checked video file (the caller removes the file afterwards) and returns the URL the product plays. */
  upload(input: { filePath: string; size: number; contentType: string; title: string; description: string; ownerId: string }): Promise<{
    videoUrl: string;
  }>;
  /** The key of the `objects` row that records who uploaded the video at this URL; undefined for URLs this host
   *  did not return. Profiles accept a video only through it. */
  objectKeyOf(videoUrl: string): string | undefined;
  /** Removes a video this host returned from upload (and its `objects` row); other URLs are left alone. */
  delete(videoUrl: string): Promise<void>;
  /** The origin of the player when it is not the app's own (the client embeds it in an iframe: CSP frame-src). */
  readonly playerOrigin?: string;
}
