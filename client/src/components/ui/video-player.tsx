import { cn } from '@/lib/utils';

const EMBEDDED_PLAYERS = ['https://player.vimeo.com/'];

/** Plays an introduction video: our own files in a <video> element (seekable through HTTP Range), a video
 *  host's player in a frame. */
export function VideoPlayer({ src, title, className }: { src: string; title: string; className?: string }) {
  const frame = 'aspect-video w-full overflow-hidden rounded-xl bg-slate-900';
  if (EMBEDDED_PLAYERS.some((prefix) => src.startsWith(prefix))) {
    return <iframe src={src} title={title} className={cn(frame, className)} allow="fullscreen; picture-in-picture" allowFullScreen />;
  }
  return (
    <video src={src} title={title} aria-label={title} controls playsInline preload="metadata" className={cn(frame, 'object-contain', className)}>
      <track kind="captions" />
    </video>
  );
}
