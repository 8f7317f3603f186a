import { Headphones } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import { useAudioUrl } from '../api/get-audio-url';
import type { MeetingPlayback } from '../hooks/use-meeting-playback';

/** The meeting's recording, kept in view above the tabs while the transcript scrolls. */
export function MeetingAudioPlayer({
  projectId,
  meetingId,
  playback,
}: {
  projectId: string;
  meetingId: string;
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
          <audio
            ref={playback.audioRef}
            src={audioUrl.data.url}
            controls
            preload="metadata"
            className="h-10 min-w-0 flex-1"
            aria-label="Meeting recording"
            {...playback.audioProps}
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
