import { Headphones } from 'lucide-react';
import { useAudioUrl } from '@/api/meetings/get-audio-url';
import { AudioPlayer } from '@/components/audio-player';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import type { MeetingPlayback } from '../hooks/use-meeting-playback';

/** The meeting's recording, kept in view above the tabs while the transcript scrolls. */
export function MeetingAudioPlayer({
  projectId,
  meetingId,
  durationSeconds,
  playback,
}: {
  projectId: string;
  meetingId: string;
  /** The meeting's measured length: browser recordings (WebM) do not carry one the player can read. */
  durationSeconds: number;
  playback: MeetingPlayback;
}) {
  const audioUrl = useAudioUrl(projectId, meetingId);
  return (
    <div className="bg-background/95 sticky top-14 z-10 -mx-4 border-b px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 md:top-0 lg:-mx-8 lg:px-8">
      {audioUrl.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(audioUrl.error, 'Failed to load the recording')}</AlertDescription>
        </Alert>
      ) : audioUrl.isPending ? (
        <Skeleton className="h-10 w-full rounded-full" />
      ) : (
        <div className="flex items-center gap-3">
          <Headphones className="text-muted-foreground hidden size-4 shrink-0 sm:block" aria-hidden="true" />
          <AudioPlayer
            src={audioUrl.data.url}
            label="Meeting recording"
            knownDurationSeconds={durationSeconds}
            audioRef={playback.audioRef}
            audioProps={playback.audioProps}
            keyboardShortcuts
            className="flex-1"
          />
        </div>
      )}
      {playback.waitingForGesture !== null && (
        <p className="text-muted-foreground mt-1 text-xs" role="status">
          Ready at {formatTimestamp(playback.waitingForGesture * 1000)}: press play (or click anywhere) to listen.
        </p>
      )}
    </div>
  );
}
