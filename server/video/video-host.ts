// Where introduction videos are kept and played from (DESIGN 2): the app itself (local) or a video host (vimeo).

export interface VideoHost {
  /** Takes a checked video file (the caller removes the file afterwards) and returns the URL the product plays. */
  upload(input: { filePath: string; size: number; contentType: string; title: string; description: string; ownerId: string }): Promise<{
    videoUrl: string;
  }>;
}
