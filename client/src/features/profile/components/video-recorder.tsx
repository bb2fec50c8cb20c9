// Records the introduction video with the phone's camera, in the page: a preview (front camera first, the back one
// a tap away), what to say, a 3-second countdown, a timer up to the limit, then playback to retake or use it. The
// container is the one the browser records best: MP4 on Safari, WebM on Chrome and Android; the app makes every
// video an MP4 afterwards (docs/video.md). Sized for mobile data: at most 720p (portrait on a phone held upright),
// about 1 Mbit/s of picture and 64 kbit/s of sound, so a minute is at most about 8 MB. The preview takes the
// camera's shape; while it records, the preview, the timer and Stop stay on the screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Circle, RefreshCw, RotateCcw, Square, X } from 'lucide-react';
import { VIDEO_RECORDING as RECORDING } from '#shared/constants.ts';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';
import { RecordingPlayback } from './recording-playback';


type Facing = 'user' | 'environment';
type Stage =
  | { name: 'starting' }
  | { name: 'problem'; reason: 'denied' | 'noCamera' | 'unsupported' }
  | { name: 'ready' }
  | { name: 'countdown'; left: number }
  | { name: 'recording'; seconds: number }
  | { name: 'review'; file: File };

/** Whether this browser can film at all (an old browser, or a page not served over HTTPS, cannot). */
const supported = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';

type CameraResult = { media: MediaStream; canSwitch: boolean } | { problem: 'denied' | 'noCamera' };

/** The camera and microphone, or why not: refused (by the person or the site's settings) or not there. */
async function openCamera(facing: Facing): Promise<CameraResult> {
  try {
    const media = await navigator.mediaDevices
      .getUserMedia({ video: { facingMode: facing, ...RECORDING.video }, audio: RECORDING.audio })
      // A camera that refuses the limits (some older phones do) is asked again for about the same, as a wish.
      .catch((error: unknown) => {
        if ((error as DOMException).name !== 'OverconstrainedError') throw error;
        return navigator.mediaDevices.getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: true });
      });
    const devices = await navigator.mediaDevices.enumerateDevices();
    return { media, canSwitch: devices.filter((device) => device.kind === 'videoinput').length > 1 };
  } catch (error) {
    const name = (error as DOMException).name;
    return { problem: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'noCamera' };
  }
}

const recordingType = () => RECORDING.types.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';

/**
 * The recorder just below the page's sticky top bar (whatever banners it holds), so the preview, the timer and Stop
 * stay on the screen for the whole recording.
 */
function keepInView(element: HTMLElement | null) {
  if (!element) return;
  const covered = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  window.scrollBy({ top: element.getBoundingClientRect().top - Math.max(0, covered) - 8, behavior: 'smooth' });
}

/** 83 seconds as '1:23', in the reader's digits. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${formatNumber(Math.floor(whole / 60))}:${formatNumber(whole % 60).padStart(2, formatNumber(0))}`;
}

export function VideoRecorder({ onUse, onClose }: { onUse: (file: File) => void; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const limit = publicConfig.videoRecordSeconds;
  const [stage, setStage] = useState<Stage>(supported ? { name: 'starting' } : { name: 'problem', reason: 'unsupported' });
  const [facing, setFacing] = useState<Facing>('user');
  const [canSwitch, setCanSwitch] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);
  const section = useRef<HTMLElement>(null);
  /** The camera's picture, width over height: portrait on a phone held upright, landscape on a laptop. */
  const [shape, setShape] = useState(9 / 16);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const stopCamera = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const showCamera = useCallback((result: CameraResult) => {
    if ('problem' in result) {
      setStage({ name: 'problem', reason: result.problem });
      return;
    }
    stream.current = result.media;
    if (preview.current) preview.current.srcObject = result.media;
    setCanSwitch(result.canSwitch);
    setStage({ name: 'ready' });
  }, []);

  // The camera of the chosen side, opened again when `attempt` changes (trying again after a refusal).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    if (supported) {
      void openCamera(facing).then((result) => {
        if (current) showCamera(result);
        else if ('media' in result) result.media.getTracks().forEach((track) => track.stop());
      });
    }
    return () => {
      current = false;
      window.clearInterval(timer.current);
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopCamera();
    };
  }, [facing, attempt, showCamera, stopCamera]);

  const record = () => {
    const media = stream.current;
    if (!media) return;
    const type = recordingType();
    const chunks: Blob[] = [];
    const started = performance.now();
    const next = new MediaRecorder(media, {
      ...(type ? { mimeType: type } : {}),
      videoBitsPerSecond: RECORDING.videoBitsPerSecond,
      audioBitsPerSecond: RECORDING.audioBitsPerSecond,
    });
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      window.clearInterval(timer.current);
      const mime = (next.mimeType || type || 'video/webm').split(';')[0]!;
      const file = new File(chunks, `introduction.${mime === 'video/mp4' ? 'mp4' : 'webm'}`, { type: mime });
      setStage({ name: 'review', file });
    };
    recorder.current = next;
    next.start(1000);
    setStage({ name: 'recording', seconds: 0 });
    timer.current = window.setInterval(() => {
      const seconds = (performance.now() - started) / 1000;
      if (seconds >= limit) next.stop();
      else setStage({ name: 'recording', seconds });
    }, 250);
  };

  const countDown = () => {
    let left = 3;
    setStage({ name: 'countdown', left });
    keepInView(section.current);
    timer.current = window.setInterval(() => {
      left -= 1;
      if (left > 0) setStage({ name: 'countdown', left });
      else {
        window.clearInterval(timer.current);
        record();
      }
    }, 1000);
  };

  const retake = () => {
    setStage({ name: 'ready' });
    if (preview.current && stream.current) preview.current.srcObject = stream.current;
  };

  const showPreview = stage.name === 'ready' || stage.name === 'countdown' || stage.name === 'recording' || stage.name === 'starting';
  return (
    <section ref={section} aria-labelledby="recorder-title" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="recorder-title" className="font-semibold text-slate-900">
          {t('recorder.title')}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={t('recorder.close')}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>

      {stage.name === 'problem' ? (
        <div role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p>{t(`recorder.${stage.reason}`)}</p>
          {stage.reason !== 'unsupported' && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              onClick={() => {
                setStage({ name: 'starting' });
                setAttempt(attempt + 1);
              }}
            >
              {t('recorder.tryAgain')}
            </Button>
          )}
        </div>
      ) : (
        // The camera's shape, short enough that Stop fits below it: a portrait picture by height, a landscape one by width.
        <div
          className={`relative mx-auto max-w-full overflow-hidden rounded-xl bg-slate-900 ${shape < 1 ? 'h-[min(55svh,36rem)]' : 'w-full'}`}
          style={{ aspectRatio: shape }}
        >
          <video
            ref={preview}
            muted
            playsInline
            autoPlay
            aria-label={t('recorder.preview')}
            onLoadedMetadata={(event) => {
              const { videoWidth, videoHeight } = event.currentTarget;
              if (videoWidth && videoHeight) setShape(videoWidth / videoHeight);
            }}
            className={showPreview ? 'h-full w-full object-cover' : 'hidden'}
            // The front camera shows a mirror, as people expect of a selfie; the recording itself is not mirrored.
            style={facing === 'user' ? { transform: 'scaleX(-1)' } : undefined}
          />
          {stage.name === 'review' && <RecordingPlayback file={stage.file} label={t('recorder.playback')} />}
          {stage.name === 'countdown' && (
            <p aria-live="assertive" className="absolute inset-0 flex items-center justify-center text-6xl font-bold text-white drop-shadow">
              <span className="sr-only">{t('recorder.countdown', { count: stage.left })}</span>
              <span aria-hidden="true">{formatNumber(stage.left)}</span>
            </p>
          )}
          {stage.name === 'recording' && (
            <p role="timer" aria-live="off" className="absolute start-3 top-3 flex items-center gap-2 rounded-full bg-black/60 px-3 py-1 text-sm font-semibold text-white">
              <Circle aria-hidden="true" className="h-3 w-3 fill-red-500 text-red-500" />
              <span dir="ltr">
                {clock(stage.seconds)} / {clock(limit)}
              </span>
            </p>
          )}
        </div>
      )}

      {(stage.name === 'ready' || stage.name === 'starting') && (
        <div className="rounded-lg bg-sand-50 p-3 text-sm text-slate-800">
          <p className="font-semibold">{t('recorder.guideTitle', { seconds: limit })}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {(['name', 'trade', 'years', 'languages', 'available'] as const).map((item) => (
              <li key={item}>{t(`recorder.guide.${item}`)}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {stage.name === 'ready' && (
          <>
            <Button onClick={countDown}>
              <Camera aria-hidden="true" className="h-4 w-4" />
              {t('recorder.start')}
            </Button>
            {canSwitch && (
              <Button
                variant="outline"
                onClick={() => {
                  setStage({ name: 'starting' });
                  setFacing(facing === 'user' ? 'environment' : 'user');
                }}
              >
                <RefreshCw aria-hidden="true" className="h-4 w-4" />
                {t('recorder.switchCamera')}
              </Button>
            )}
          </>
        )}
        {stage.name === 'recording' && (
          <Button variant="primary" onClick={() => recorder.current?.stop()}>
            <Square aria-hidden="true" className="h-4 w-4 fill-current" />
            {t('recorder.stop')}
          </Button>
        )}
        {stage.name === 'review' && (
          <>
            <Button
              onClick={() => {
                stopCamera();
                onUse(stage.file);
              }}
            >
              {t('recorder.use')}
            </Button>
            <Button variant="outline" onClick={retake}>
              <RotateCcw aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
              {t('recorder.retake')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
