// The recording played back from the browser's memory, before the person uses it or records again.
import { useEffect, useRef } from 'react';

/**
 * When it goes, the element lets go of the recording before the recording's address is given back: an element still
 * loading (it goes on after leaving the page) asks the address again, and each ask of a given-back address fails.
 */
export function RecordingPlayback({ file, label }: { file: File; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current!;
    const url = URL.createObjectURL(file);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      element.load();
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return <video ref={video} controls playsInline aria-label={label} className="h-full w-full object-contain" />;
}
