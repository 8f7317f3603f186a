import { useEffect, useState } from 'react';

/**
 * The duration the browser reads from a file's metadata, in seconds; null when it can't (an
 * unsupported codec, or webm without a duration header, which reports Infinity). Spec section 8:
 * then the duration is simply left unset.
 */
export function useAudioFileDuration(file: File | null): number | null {
  const [duration, setDuration] = useState<number | null>(null);
  useEffect(() => {
    setDuration(null);
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    const audio = document.createElement('audio');
    audio.preload = 'metadata';
    const done = () => {
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
    audio.onloadedmetadata = () => {
      setDuration(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
      done();
    };
    audio.onerror = done;
    audio.src = url;
    return () => {
      audio.onloadedmetadata = null;
      audio.onerror = null;
      done();
    };
  }, [file]);
  return duration;
}
