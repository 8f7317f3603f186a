import { Circle, Mic, Pause, Play, RotateCcw, Square } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { AudioPlayer } from '@/components/audio-player';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatTimestamp } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useRecorder } from '../hooks/use-recorder';
import type { NewMeetingTabProps } from '../hooks/use-submit-meeting';
import { durationHint, MESSAGES_NEW_MEETING } from '../lib/meeting-form';
import { generatedMeetingTitle } from '../lib/meeting-title';
import { recordingExtension } from '../lib/recording-format';
import { SubmitStatus } from './UploadProgress';

const STATUS_LABEL = {
  idle: 'Ready to record',
  recording: 'Recording',
  paused: 'Paused',
  stopped: 'Recording finished',
} as const;

/** The Record tab: idle → recording ⇄ paused → stopped, then Use Recording, Re-record or Cancel. */
export function RecordTab({
  active,
  disabled,
  submit,
  onCancel,
  onHasRecordingChange,
}: NewMeetingTabProps & { onHasRecordingChange: (hasRecording: boolean) => void }) {
  const recorder = useRecorder();
  const { state } = recorder;
  const hasRecording = state.status !== 'idle';
  useEffect(() => onHasRecordingChange(hasRecording), [hasRecording, onHasRecordingChange]);
  // One time for the generated title: the placeholder shows exactly the title that will be saved.
  const [openedAt] = useState(() => new Date());
  const generatedTitle = generatedMeetingTitle(openedAt);
  const [title, setTitle] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);
  const titleId = useId();

  const submitRecording = async () => {
    if (!state.recording) {
      setSubmitError(MESSAGES_NEW_MEETING.noRecording);
      return;
    }
    setSubmitError(null);
    const { blob, mimeType } = state.recording;
    await submit.submit({
      audio: blob,
      fileName: `recording-${Date.now()}.${recordingExtension(mimeType)}`,
      title: title.trim() || generatedTitle,
      recordingType: 'direct',
      duration: durationHint(state.duration),
    });
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

        {state.status === 'idle' && (
          <Button size="lg" onClick={() => void recorder.start()} disabled={disabled}>
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
          <Button
            variant="outline"
            onClick={() => {
              submit.clearError();
              recorder.clear();
            }}
            disabled={busy}
          >
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
