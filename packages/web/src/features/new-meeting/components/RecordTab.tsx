import { Circle, CloudOff, Mic, MonitorOff, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { renameMeeting } from '@/api/meetings/rename-meeting';
import { useCurrentUser } from '@/api/session/auth-context';
import { AudioPlayer } from '@/components/audio-player';
import { ErrorAlert } from '@/components/error-alert';
import { LiveTranscript } from '@/components/live-transcript';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { formatTimestamp } from '@/lib/format';
import { useLiveTranscript } from '@/lib/live-transcript';
import { formatTimeLeft, MIN_RECORDING_SECONDS, secondsLeft } from '@/lib/usage';
import { cn } from '@/lib/utils';
import { recordingsApi } from '../api/recordings';
import { useRecorder } from '../hooks/use-recorder';
import type { NewMeetingTabProps } from '../hooks/use-submit-meeting';
import { ChunkedUpload, type UploadStatus } from '../lib/chunked-upload';
import { MESSAGES_NEW_MEETING } from '../lib/meeting-form';
import { generatedMeetingTitle } from '../lib/meeting-title';
import { recordingStore } from '../lib/recording-store';
import { tabAudioUnavailableReason } from '../lib/tab-audio';
import { SubmitStatus } from './UploadProgress';

/**
 * The recorder stops this much before the month's limit: the server measures a chunk by its own time
 * stamps, which can run a little ahead of the page's clock.
 */
const LIMIT_MARGIN_MS = 250;

export const LIMIT_STOP_MESSAGE = 'The recording stopped at the monthly limit. Everything recorded up to it is kept.';

const STATUS_LABEL = {
  idle: 'Ready to record',
  recording: 'Recording',
  paused: 'Paused',
  stopped: 'Recording finished',
} as const;

/**
 * The Record tab: idle → recording ⇄ paused → stopped, then Use Recording, Re-record or Cancel. The
 * recording goes to the server while it is made, in chunks kept in the browser until the server has
 * them (docs/decisions/150), and its words come back live.
 */
export function RecordTab({
  projectId,
  active,
  disabled,
  submit,
  onCancel,
  onHasRecordingChange,
}: NewMeetingTabProps & { projectId: string; onHasRecordingChange: (hasRecording: boolean) => void }) {
  const user = useCurrentUser();
  const uploadRef = useRef<ChunkedUpload | null>(null);
  const startedTitleRef = useRef('');
  const [upload, setUpload] = useState<UploadStatus | null>(null);
  // The month's time left, fixed when the recording starts: the recording stops itself there.
  const leftAtOpen = secondsLeft(user);
  const [leftAtStart, setLeftAtStart] = useState<number | null>(null);
  const [stoppedAtLimit, setStoppedAtLimit] = useState(false);
  // A recording finished at the limit is a meeting already: closing the dialog keeps it.
  const keptRef = useRef(false);
  const finishAtLimit = () => {
    if (keptRef.current) return;
    keptRef.current = true;
    setStoppedAtLimit(true);
    recorder.stop();
    // Finished at once, not after the idle sweep; a failure shows as the upload's error.
    void uploadRef.current?.finish().catch(() => undefined);
  };
  const recorder = useRecorder({
    limitMs: Math.max(0, (leftAtStart ?? leftAtOpen) * 1000 - LIMIT_MARGIN_MS),
    onLimit: () => finishAtLimit(),
    onStart: (mimeType, source) => {
      setLeftAtStart(leftAtOpen);
      startedTitleRef.current = titleRef.current.trim() || generatedTitle;
      uploadRef.current = ChunkedUpload.begin(
        { userId: user._id, projectId, title: startedTitleRef.current, mimeType, source },
        { store: recordingStore(), api: recordingsApi, onChange: setUpload },
      );
    },
    onData: (data) => uploadRef.current?.add(data),
    onStop: () => uploadRef.current?.stop(),
  });
  const { state } = recorder;
  const live = useLiveTranscript(upload?.meetingId ?? null);
  // Leaving without Use Recording is a discard (closing the dialog asks first); a closed tab is not:
  // its chunks wait in the browser for the next visit.
  useEffect(
    () => () => {
      if (!keptRef.current) void uploadRef.current?.discard();
    },
    [],
  );
  // The server refused a chunk past the limit (another recording used the time meanwhile): stop here too.
  const limitReached = upload?.limitReached ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: finishAtLimit acts once, guarded by keptRef
  useEffect(() => {
    if (limitReached) finishAtLimit();
  }, [limitReached]);
  const hasRecording = state.status !== 'idle';
  const unsaved = hasRecording && !stoppedAtLimit;
  useEffect(() => onHasRecordingChange(unsaved), [unsaved, onHasRecordingChange]);
  const left = state.status === 'idle' ? leftAtOpen : Math.max(0, (leftAtStart ?? leftAtOpen) - state.duration);
  const cannotStart = leftAtOpen < MIN_RECORDING_SECONDS;
  // One time for the generated title: the placeholder shows exactly the title that will be saved.
  const [openedAt] = useState(() => new Date());
  const generatedTitle = generatedMeetingTitle(openedAt);
  const [title, setTitle] = useState('');
  const titleRef = useRef(title);
  titleRef.current = title;
  const [submitError, setSubmitError] = useState<string | null>(null);
  const titleId = useId();
  const tabSwitchId = useId();
  const [tabUnavailable] = useState(tabAudioUnavailableReason);
  const [includeTab, setIncludeTab] = useState(false);

  const submitRecording = async () => {
    if (!state.recording) {
      setSubmitError(MESSAGES_NEW_MEETING.noRecording);
      return;
    }
    const sending = uploadRef.current;
    if (!sending) return;
    setSubmitError(null);
    const finalTitle = title.trim() || generatedTitle;
    await submit.submitRecorded(async () => {
      const meeting = await sending.finish();
      uploadRef.current = null; // kept: no discard when the dialog closes
      if (finalTitle === startedTitleRef.current) return meeting;
      return renameMeeting({ projectId, meetingId: meeting._id, title: finalTitle });
    }, state.duration);
  };

  const reRecord = () => {
    void uploadRef.current?.discard();
    uploadRef.current = null;
    setUpload(null);
    setLeftAtStart(null);
    submit.clearError();
    recorder.clear();
  };

  const busy = submit.isPending;
  return (
    <div className="grid gap-4">
      <FormField id={titleId} label="Title (optional)" hint="Left empty, the date and time are used.">
        <Input
          id={titleId}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          placeholder={generatedTitle}
          disabled={disabled || busy}
          maxLength={200}
          aria-describedby={`${titleId}-hint`}
        />
      </FormField>

      <div className="bg-muted/40 grid justify-items-center gap-3 rounded-xl border px-4 py-6">
        <div className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
          {state.status === 'recording' ? (
            <Circle className="size-3 animate-pulse fill-red-500 text-red-500" aria-hidden="true" />
          ) : (
            <Mic className="text-muted-foreground size-4" aria-hidden="true" />
          )}
          {STATUS_LABEL[state.status]}
        </div>
        <p
          className={cn(
            'font-mono text-4xl font-semibold tabular-nums',
            state.status === 'paused' && 'text-muted-foreground',
          )}
          role="timer"
          aria-label="Recording time"
        >
          {formatTimestamp(state.duration * 1000)}
        </p>
        {state.status !== 'stopped' && (
          <p className="text-muted-foreground text-sm tabular-nums" data-testid="time-left">
            {cannotStart && state.status === 'idle'
              ? 'Less than a second left this month: nothing more can be recorded.'
              : `${formatTimeLeft(left)} this month`}
          </p>
        )}

        {state.status === 'idle' && (
          <div className="grid justify-items-center gap-1">
            <div className="flex items-center gap-2">
              <Switch
                id={tabSwitchId}
                checked={includeTab && !tabUnavailable}
                onCheckedChange={setIncludeTab}
                disabled={disabled || tabUnavailable !== null}
                aria-describedby={`${tabSwitchId}-hint`}
              />
              <Label htmlFor={tabSwitchId}>Include audio from a browser tab</Label>
            </div>
            <p id={`${tabSwitchId}-hint`} className="text-muted-foreground text-xs">
              {tabUnavailable ?? 'For an online call: its tab on one side, your microphone on the other.'}
            </p>
          </div>
        )}
        {state.status === 'idle' && (
          <Button
            size="lg"
            onClick={() => void recorder.start({ includeTab: includeTab && !tabUnavailable })}
            disabled={disabled || cannotStart}
          >
            <Mic aria-hidden="true" />
            Start Recording
          </Button>
        )}
        {(state.status === 'recording' || state.status === 'paused') && (
          <div className="flex flex-wrap justify-center gap-2">
            {state.status === 'recording' ? (
              <Button variant="outline" onClick={recorder.pause}>
                <Pause aria-hidden="true" />
                Pause
              </Button>
            ) : (
              <Button variant="outline" onClick={recorder.resume}>
                <Play aria-hidden="true" />
                Resume
              </Button>
            )}
            <Button variant="destructive" onClick={recorder.stop}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          </div>
        )}
        {state.status === 'stopped' && state.recording && (
          <AudioPlayer
            src={state.recording.url}
            label="Recording preview"
            knownDurationSeconds={state.duration}
            className="w-full max-w-md"
          />
        )}
      </div>

      {recorder.tabNotice && (
        <Alert>
          <MonitorOff aria-hidden="true" />
          <AlertDescription>
            {recorder.tabNotice === 'no-audio'
              ? 'The tab you chose shares no audio: recording the microphone alone. To include the call, Stop, Re-record and share its tab with its audio.'
              : 'The tab stopped sharing: recording continues with the microphone alone.'}
          </AlertDescription>
        </Alert>
      )}
      {hasRecording && <LiveTranscript transcript={live.transcript} />}
      {stoppedAtLimit && (
        <Alert role="status">
          <AlertDescription>{LIMIT_STOP_MESSAGE}</AlertDescription>
        </Alert>
      )}
      {upload?.offline && (
        <Alert>
          <CloudOff aria-hidden="true" />
          <AlertDescription>
            {state.status === 'stopped'
              ? `Offline: ${formatTimestamp(upload.waitingMs)} waiting to upload`
              : `Offline: recording continues, ${formatTimestamp(upload.waitingMs)} waiting to upload`}
          </AlertDescription>
        </Alert>
      )}
      <ErrorAlert message={upload?.error ?? null} />

      {state.error && (
        <Alert variant="destructive">
          <AlertTitle>Recording Error</AlertTitle>
          <AlertDescription>{state.error}</AlertDescription>
        </Alert>
      )}
      <ErrorAlert message={submitError} />
      {active && <SubmitStatus submit={submit} />}

      {state.status === 'stopped' && (
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outline" onClick={reRecord} disabled={busy || stoppedAtLimit}>
            <RotateCcw aria-hidden="true" />
            Re-record
          </Button>
          <Button onClick={() => void submitRecording()} disabled={disabled || busy}>
            {busy ? 'Creating...' : 'Use Recording'}
          </Button>
        </div>
      )}
    </div>
  );
}
