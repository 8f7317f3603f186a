import { AUDIO_EXTENSIONS } from '@parley/contract';
import { FileAudio } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCurrentUser } from '@/features/auth';
import { formatDuration } from '@/lib/format';
import { useAudioFileDuration } from '../hooks/use-audio-file-duration';
import type { NewMeetingTabProps } from '../hooks/use-submit-meeting';
import { durationHint, maxFileSizeOf, validateAudioFile, validateUpload } from '../lib/meeting-form';
import { SubmitStatus } from './UploadProgress';

const ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS.map((extension) => `.${extension}`)].join(',');

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The Upload tab: an audio file (type and size rules of spec section 5) and a required title. */
export function UploadTab({ active, disabled, submit, onCancel }: NewMeetingTabProps) {
  const user = useCurrentUser();
  const maxFileSize = maxFileSizeOf(user);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ file?: string; title?: string }>({});
  const duration = useAudioFileDuration(file);
  const fileId = useId();
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
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = validateUpload({ file, title }, maxFileSize);
    setErrors(problems);
    if (problems.file || problems.title || !file) return;
    await submit.submit({
      audio: file,
      fileName: file.name,
      title: title.trim(),
      recordingType: 'upload',
      duration: durationHint(duration),
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
          disabled={disabled || busy}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          {...fieldProps(fileId, errors.file, true)}
        />
      </FormField>
      {file && (
        <p className="text-muted-foreground flex min-w-0 items-center gap-2 text-sm">
          <FileAudio className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">{file.name}</span>
          <span className="shrink-0">
            · {formatSize(file.size)}
            {duration ? ` · ${formatDuration(duration)}` : ''}
          </span>
        </p>
      )}
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
