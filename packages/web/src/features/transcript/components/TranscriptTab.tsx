import type { ProjectPerson, TranscriptionSegment, TranscriptionStatus } from '@parley/contract';
import { AlertTriangle, FileText, Loader2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useProjectPeople } from '@/api/people/get-project-people';
import { ErrorAlert } from '@/components/error-alert';
import { EmptyState } from '@/components/page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useActionError } from '@/hooks/use-action-error';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTranscription } from '../api/delete-transcription';
import { useTranscript } from '../api/get-transcriptions';
import { activeSegmentId } from '../lib/segments';
import { RenameSpeakerDialog } from './RenameSpeakerDialog';
import { SegmentItem } from './SegmentItem';
import { SpeakerSuggestions } from './SpeakerSuggestions';
import { AddPersonDialog, AssignSpeakerDialog, DeleteSegmentDialog, type SpeakerAssignment } from './TranscriptDialogs';

/** How far below the viewport the next page starts loading. */
const LOAD_MORE_MARGIN_PX = 400;
/** After the user scrolls, the playing segment stops pulling the page along for this long. */
const USER_SCROLL_PAUSE_MS = 4000;

export interface TranscriptPlayback {
  /** The player's position in milliseconds. */
  positionMs: number;
  playing: boolean;
  seek: (ms: number) => void;
  /** False when the meeting has no recording (imported, or its audio deleted): no play controls. */
  hasAudio?: boolean;
  /** Set while a start position waits for the user's first gesture (autoplay refused). */
  waitingForGesture: number | null;
}

const noPeople: ProjectPerson[] = [];

/** The Transcription tab (spec section 2): segments page by page, edit, delete and speaker assignment. */
export function TranscriptTab({
  projectId,
  meetingId,
  status,
  transcriptionError,
  playback,
  searchSlot,
  actions,
  readOnly = false,
}: {
  /** The meeting's project: whose people its speakers may be linked to (docs/decisions/266). */
  projectId: string;
  meetingId: string;
  status: TranscriptionStatus;
  transcriptionError?: string;
  playback: TranscriptPlayback;
  /**
   * The in-meeting search, shown only once the transcript is complete. It reports when a search is
   * showing, and the full transcript steps aside meanwhile.
   */
  searchSlot?: (onActiveChange: (active: boolean) => void) => React.ReactNode;
  /** Buttons beside the segment count (the export feature's 'Copy transcript'). */
  actions?: React.ReactNode;
  /** For a project's viewers: nothing that changes the transcript is offered. */
  readOnly?: boolean;
}) {
  const completed = status === 'completed';
  const transcript = useTranscript(meetingId, completed);
  const people = useProjectPeople(projectId, !readOnly);
  const deleteSegment = useDeleteTranscription(meetingId);
  const [listError, setListError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TranscriptionSegment | null>(null);
  const { error: deleteError, attempt } = useActionError(deleting !== null);
  const [assignment, setAssignment] = useState<SpeakerAssignment | null>(null);
  const [addingFor, setAddingFor] = useState<{ speaker: string; name?: string } | null>(null);
  const [searching, setSearching] = useState(false);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const lastUserScrollRef = useRef(0);

  const segments = useMemo(
    () => transcript.data?.pages.flatMap((page) => page.transcriptions) ?? [],
    [transcript.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = transcript;

  // Load the next page when the end of the list comes near, and keep loading while the page is too
  // short to scroll (an IntersectionObserver alone would not fire again if the end stays in view).
  const loadMoreIfNear = useCallback(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || searching) return;
    if (sentinel.getBoundingClientRect().top <= window.innerHeight + LOAD_MORE_MARGIN_PX) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage, searching]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMoreIfNear(), {
      rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px`,
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loadMoreIfNear]);

  useEffect(() => {
    if (segments.length > 0) loadMoreIfNear();
  }, [segments.length, loadMoreIfNear]);

  // The user's own scrolling (wheel, touch, keys) pauses follow-along; programmatic scrolls don't count.
  useEffect(() => {
    const mark = () => {
      lastUserScrollRef.current = Date.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key)) mark();
    };
    window.addEventListener('wheel', mark, { passive: true });
    window.addEventListener('touchmove', mark, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', mark);
      window.removeEventListener('touchmove', mark);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  const mayFollow = useCallback(() => Date.now() - lastUserScrollRef.current > USER_SCROLL_PAUSE_MS, []);

  // Also while a ?t= start waits for the user's first gesture (autoplay refused): the segment at
  // that time is shown and scrolled to, so the link lands on what it points at.
  const positioned = playback.playing || playback.waitingForGesture !== null;
  const activeId = positioned ? activeSegmentId(segments, playback.positionMs) : null;
  const onChoosePerson = useCallback(
    (segment: TranscriptionSegment, person: SpeakerAssignment['person']) =>
      setAssignment({ speaker: segment.speaker, person, segmentId: segment._id }),
    [],
  );
  const onAddPerson = useCallback((speaker: string) => setAddingFor({ speaker }), []);
  const [renaming, setRenaming] = useState<string | null>(null);
  const onRenameSpeaker = useCallback((speaker: string) => setRenaming(speaker), []);
  const onCreateNamed = useCallback((speaker: string, name: string) => setAddingFor({ speaker, name }), []);
  const onDelete = useCallback((segment: TranscriptionSegment) => setDeleting(segment), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    await attempt(async () => {
      await deleteSegment.mutateAsync(deleting._id);
      setDeleting(null);
    }, 'Failed to delete transcription');
  };

  if (status === 'pending' || status === 'processing') {
    return (
      <EmptyState
        icon={Loader2}
        title="Transcribing..."
        description="The transcript appears here as soon as the recording has been transcribed."
      />
    );
  }
  if (status === 'failed') {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>Transcription failed</AlertTitle>
        <AlertDescription>{transcriptionError || 'The recording could not be transcribed.'}</AlertDescription>
      </Alert>
    );
  }
  if (transcript.isPending) {
    return <Spinner label="Loading transcript" className="text-muted-foreground flex justify-center py-12" />;
  }
  if (transcript.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(transcript.error, 'Failed to load transcriptions')}</AlertDescription>
      </Alert>
    );
  }
  if (segments.length === 0 && !hasNextPage) {
    return (
      <EmptyState
        icon={FileText}
        title="No Transcription Available"
        description="The transcription is completed but no content was found."
      />
    );
  }

  return (
    <div className="grid gap-4">
      {searchSlot?.(setSearching)}
      <div hidden={searching} className={searching ? undefined : 'grid gap-4'}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {segments.length} segment(s) loaded
          </p>
          {actions}
        </div>
        <ErrorAlert message={listError} />
        {!readOnly && <SpeakerSuggestions meetingId={meetingId} onCreatePerson={onCreateNamed} />}
        {people.isError && (
          <Alert variant="destructive">
            <AlertDescription>{errorMessage(people.error, 'Failed to load people')}</AlertDescription>
          </Alert>
        )}
        <ol className="grid gap-2" aria-label="Transcript">
          {segments.map((segment) => (
            <SegmentItem
              key={segment._id}
              meetingId={meetingId}
              segment={segment}
              people={people.data ?? noPeople}
              active={segment._id === activeId}
              mayFollow={mayFollow}
              onSeek={playback.hasAudio === false ? undefined : playback.seek}
              onChoosePerson={onChoosePerson}
              onAddPerson={onAddPerson}
              onRenameSpeaker={onRenameSpeaker}
              onDelete={onDelete}
              onError={setListError}
              readOnly={readOnly}
            />
          ))}
        </ol>
        <div ref={sentinelRef} aria-hidden="true" />
        {isFetchingNextPage ? (
          <Spinner label="Loading more transcriptions" className="text-muted-foreground flex justify-center py-4" />
        ) : (
          !hasNextPage && (
            <p className="text-muted-foreground py-4 text-center text-sm">No more transcriptions to load</p>
          )
        )}
      </div>

      <DeleteSegmentDialog
        open={deleting !== null}
        pending={deleteSegment.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
      <AssignSpeakerDialog
        meetingId={meetingId}
        assignment={assignment}
        onOpenChange={(open) => !open && setAssignment(null)}
      />
      <RenameSpeakerDialog
        meetingId={meetingId}
        speaker={renaming}
        onOpenChange={(open) => !open && setRenaming(null)}
      />
      <AddPersonDialog
        meetingId={meetingId}
        speaker={addingFor?.speaker ?? null}
        initialName={addingFor?.name}
        onOpenChange={(open) => !open && setAddingFor(null)}
      />
    </div>
  );
}
