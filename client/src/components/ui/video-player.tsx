import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoOff } from 'lucide-react';
import { clsx } from 'clsx';

const EMBEDDED_PLAYERS = ['https://player.vimeo.com/'];

/** Plays an introduction video: our own files in a <video> element (seekable through HTTP Range) with their poster,
 *  a video host's player in a frame. A video that cannot be loaded says so instead of showing an empty player. */
export function VideoPlayer({
  src,
  title,
  poster,
  autoPlay,
  muted,
  videoRef,
  className,
}: {
  src: string;
  title: string;
  poster?: string | null;
  /** Starts at once; browsers allow that only muted. */
  autoPlay?: boolean;
  muted?: boolean;
  /** The <video> element, for a page that drives it (keys for play, sound and speed); none for a host's player. */
  videoRef?: Ref<HTMLVideoElement>;
  className?: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const frame = 'aspect-video w-full overflow-hidden rounded-xl bg-slate-900';
  if (EMBEDDED_PLAYERS.some((prefix) => src.startsWith(prefix))) {
    return <iframe src={src} title={title} className={clsx(frame, className)} allow="fullscreen; picture-in-picture" allowFullScreen />;
  }
  if (failed) {
    return (
      <div role="alert" className={clsx(frame, 'flex flex-col items-center justify-center gap-2 p-4 text-center text-sm text-white', className)}>
        <VideoOff aria-hidden="true" className="h-6 w-6" />
        {t('video.loadFailed')}
      </div>
    );
  }
  return (
    <video
      ref={videoRef}
      src={src}
      title={title}
      aria-label={title}
      poster={poster ?? undefined}
      controls
      playsInline
      autoPlay={autoPlay}
      muted={muted}
      preload={poster ? 'none' : 'metadata'}
      onError={() => setFailed(true)}
      className={clsx(frame, 'object-contain', className)}
    >
      <track kind="captions" />
    </video>
  );
}
