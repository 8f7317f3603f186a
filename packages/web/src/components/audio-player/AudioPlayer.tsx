import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import { type AudioHTMLAttributes, type RefObject, useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';
import { PLAYBACK_RATES, playableDuration, SKIP_SECONDS } from './media';
import { usePlayerShortcuts } from './use-player-shortcuts';

type AudioHandlers = Pick<
  AudioHTMLAttributes<HTMLAudioElement>,
  'onTimeUpdate' | 'onPlay' | 'onPause' | 'onEnded' | 'onLoadedMetadata' | 'onSeeked'
>;

/**
 * The app's audio player: play/pause, back and forward 10 s, a scrubber with position and length,
 * and a speed choice. It shows the length it knows (`knownDurationSeconds`) when the file does not
 * carry one (MediaRecorder's WebM), so the total and the scrubber are right for browser recordings.
 * The `<audio>` element itself has no native controls; `audioRef` and `audioProps` let a caller
 * drive it too (seek from a transcript, start at ?t=).
 */
export function AudioPlayer({
  src,
  label,
  knownDurationSeconds,
  audioRef,
  audioProps,
  keyboardShortcuts = false,
  className,
}: {
  src: string;
  /** The accessible name of the recording ('Meeting recording'). */
  label: string;
  knownDurationSeconds?: number | null;
  audioRef?: RefObject<HTMLAudioElement | null>;
  audioProps?: AudioHandlers;
  /** Space and the arrow keys anywhere on the page (one player per page). */
  keyboardShortcuts?: boolean;
  className?: string;
}) {
  const ownRef = useRef<HTMLAudioElement | null>(null);
  const [position, setPosition] = useState(0);
  const [elementDuration, setElementDuration] = useState(Number.NaN);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const speedId = useId();
  const total = playableDuration(elementDuration, knownDurationSeconds);

  const setElement = useCallback(
    (element: HTMLAudioElement | null) => {
      ownRef.current = element;
      if (audioRef) audioRef.current = element;
    },
    [audioRef],
  );
  const read = useCallback(() => {
    const audio = ownRef.current;
    if (!audio) return;
    setPosition(audio.currentTime);
    setElementDuration(audio.duration);
  }, []);

  const seekTo = useCallback(
    (seconds: number) => {
      const audio = ownRef.current;
      if (!audio) return;
      const upper = total > 0 ? total : Number.POSITIVE_INFINITY;
      const next = Math.min(Math.max(0, seconds), upper);
      audio.currentTime = next;
      setPosition(next);
    },
    [total],
  );
  const skip = useCallback((seconds: number) => seekTo((ownRef.current?.currentTime ?? 0) + seconds), [seekTo]);
  const toggle = useCallback(() => {
    const audio = ownRef.current;
    if (!audio) return;
    if (audio.paused) {
      Promise.resolve(audio.play()).catch(() => {
        // Refused or not loadable: the button stays on Play, the user can try again.
      });
    } else audio.pause();
  }, []);
  usePlayerShortcuts(keyboardShortcuts, { toggle, skip });

  const changeRate = (next: number) => {
    const audio = ownRef.current;
    if (audio) {
      audio.playbackRate = next;
      audio.defaultPlaybackRate = next;
    }
    setRate(next);
  };

  const shownPosition = total > 0 ? Math.min(position, total) : position;
  const time = `${formatTimestamp(shownPosition * 1000)} / ${total > 0 ? formatTimestamp(total * 1000) : '--:--'}`;
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <audio
        ref={setElement}
        src={src}
        preload="metadata"
        aria-label={label}
        {...audioProps}
        onLoadedMetadata={(event) => {
          event.currentTarget.playbackRate = rate;
          read();
          audioProps?.onLoadedMetadata?.(event);
        }}
        onDurationChange={read}
        onTimeUpdate={(event) => {
          read();
          audioProps?.onTimeUpdate?.(event);
        }}
        onSeeked={(event) => {
          read();
          audioProps?.onSeeked?.(event);
        }}
        onPlay={(event) => {
          setPlaying(true);
          audioProps?.onPlay?.(event);
        }}
        onPause={(event) => {
          setPlaying(false);
          audioProps?.onPause?.(event);
        }}
        onEnded={(event) => {
          setPlaying(false);
          audioProps?.onEnded?.(event);
        }}
      />
      <div className="flex items-center gap-1">
        <Button size="icon" className="size-9 rounded-full" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          onClick={() => skip(-SKIP_SECONDS)}
          aria-label="Back 10 seconds"
          title="Back 10 seconds (Left arrow)"
        >
          <RotateCcw aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          onClick={() => skip(SKIP_SECONDS)}
          aria-label="Forward 10 seconds"
          title="Forward 10 seconds (Right arrow)"
        >
          <RotateCw aria-hidden="true" />
        </Button>
      </div>
      <span className="text-muted-foreground font-mono text-xs whitespace-nowrap tabular-nums" data-slot="player-time">
        {time}
      </span>
      <input
        type="range"
        className="accent-primary h-2 min-w-0 flex-1 basis-40 cursor-pointer disabled:cursor-default"
        min={0}
        max={total > 0 ? total : 0}
        step="any"
        value={shownPosition}
        disabled={total <= 0}
        onChange={(event) => seekTo(Number(event.target.value))}
        aria-label="Seek"
        aria-valuetext={time}
      />
      <label htmlFor={speedId} className="sr-only">
        Playback speed
      </label>
      <select
        id={speedId}
        value={rate}
        onChange={(event) => changeRate(Number(event.target.value))}
        className="border-input bg-background h-8 rounded-md border px-1.5 text-xs tabular-nums"
      >
        {PLAYBACK_RATES.map((value) => (
          <option key={value} value={value}>
            {value}x
          </option>
        ))}
      </select>
    </div>
  );
}
