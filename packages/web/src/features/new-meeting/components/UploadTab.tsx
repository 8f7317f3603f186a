import { AUDIO_EXTENSIONS, TRANSCRIPT_EXTENSIONS } from '@parley/contract';
import { FileAudio, FileText } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useCurrentUser } from '@/api/session/auth-context';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatDuration } from '@/lib/format';
import { useAudioFileDuration } from '../hooks/use-audio-file-duration';
import type { NewMeetingTabProps } from '../hooks/use-submit-meeting';
import {
  durationHint,
  maxFileSizeOf,
  validateAudioFile,
  validateTranscriptFile,
  validateUpload,
} from '../lib/meeting-form';
import { titleFromFileName } from '../lib/meeting-title';
import { SubmitStatus } from './UploadProgress';

const ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS.map((extension) => `.${extension}`)].join(',');
const ACCEPT_TRANSCRIPT = TRANSCRIPT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The chosen file's name and size (and the audio's length), under its picker. */
function ChosenFile({ icon: Icon, file, detail }: { icon: typeof FileText; file: File; detail?: string }) {
  return (
    <p className="text-muted-foreground flex min-w-0 items-center gap-2 text-sm">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{file.name}</span>
      <span className="shrink-0">
        · {formatSize(file.size)}
        {detail ? ` · ${detail}` : ''}
      </span>
    </p>
  );
}

/**
 * The Upload tab: an audio file (type and size rules of spec section 5), a transcript to import
 * beside it or instead of it (WebVTT, SubRip, Parley JSON), and a required title.
 */
export function UploadTab({
  active,
  disabled,
  audioDisabled = false,
  submit,
  onCancel,
}: NewMeetingTabProps & { /** Over the monthly limit: only a transcript can be imported. */ audioDisabled?: boolean }) {
  const user = useCurrentUser();
  const maxFileSize = maxFileSizeOf(user);
  const [file, setFile] = useState<File | null>(null);
  const [transcript, setTranscript] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const filledTitleRef = useRef('');
  const [errors, setErrors] = useState<{ file?: string; transcript?: string; title?: string }>({});
  const duration = useAudioFileDuration(file);
  const fileId = useId();
  const transcriptId = useId();
  const titleId = useId();
  const busy = submit.isPending;

  const chooseFile = (chosen: File | null) => {
    submit.clearError();
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = validateAudioFile(chosen, maxFileSize);
    setErrors((current) => ({ ...current, file: problem ?? undefined }));
    setFile(problem ? null : chosen);
    // The file's name fills a title not typed yet (or the one the last file gave).
    if (!problem && (!title.trim() || title === filledTitleRef.current)) {
      const filled = titleFromFileName(chosen.name);
      filledTitleRef.current = filled;
      setTitle(filled);
      if (filled) setErrors((current) => ({ ...current, title: undefined }));
    }
  };

  const chooseTranscript = (chosen: File | null) => {
    submit.clearError();
    const problem = chosen ? validateTranscriptFile(chosen) : null;
    // A transcript also satisfies 'Please select an audio file'.
    setErrors((current) => ({
      ...current,
      transcript: problem ?? undefined,
      file: chosen && !problem && !file ? undefined : current.file,
    }));
    setTranscript(problem ? null : chosen);
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateUpload({ file, transcript, title }, maxFileSize);
    setErrors(problems);
    if (problems.file || problems.transcript || problems.title || (!file && !transcript)) return;
    await submit.submit({
      audio: file ?? undefined,
      fileName: file?.name,
      transcript: transcript ?? undefined,
      title: title.trim(),
      recordingType: 'upload',
      duration: file ? durationHint(duration) : undefined,
    });
  };

  return (
    <form className="grid gap-4" onSubmit={send} noValidate aria-label="Upload audio">
      <FormField
        id={fileId}
        label="Audio file"
        error={errors.file}
        hint={`MP3, WAV, WebM, OGG or M4A, up to ${Math.round(maxFileSize / (1024 * 1024))} MB.`}
      >
        <Input
          type="file"
          accept={ACCEPT}
          disabled={disabled || audioDisabled || busy}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          {...fieldProps(fileId, errors.file, true)}
        />
      </FormField>
      {file && <ChosenFile icon={FileAudio} file={file} detail={duration ? formatDuration(duration) : undefined} />}
      <FormField
        id={transcriptId}
        label="Transcript (optional)"
        error={errors.transcript}
        hint="WebVTT, SubRip or a Parley JSON export. With a transcript the meeting is ready at once, without transcription; the audio is optional."
      >
        <Input
          type="file"
          accept={ACCEPT_TRANSCRIPT}
          disabled={disabled || busy}
          onChange={(event) => chooseTranscript(event.target.files?.[0] ?? null)}
          {...fieldProps(transcriptId, errors.transcript, true)}
        />
      </FormField>
      {transcript && <ChosenFile icon={FileText} file={transcript} />}
      <FormField id={titleId} label="Title" error={errors.title}>
        <Input
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (errors.title && event.target.value.trim()) setErrors((current) => ({ ...current, title: undefined }));
          }}
          placeholder="Weekly planning"
          disabled={disabled || busy}
          maxLength={200}
          required
          {...fieldProps(titleId, errors.title)}
        />
      </FormField>
      {active && <SubmitStatus submit={submit} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled || busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}
