import { EXPORT_FORMATS, EXPORT_LABELS, type ExportFormat, type Meeting } from '@parley/contract';
import { ChevronDown, Download, FileAudio } from 'lucide-react';
import { toast } from 'sonner';
import { getAudioUrl } from '@/api/meetings/get-audio-url';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { useExportMeeting } from '../api/export-meeting';
import { followLink } from '../lib/save-file';

const audioExtension = (fileName: string) => fileName.split('.').pop()?.toUpperCase() ?? '';

/**
 * The meeting header's Export menu: the transcript, summary and action items in six formats, and
 * the recording as it was uploaded. Exports wait for the transcript; the audio is there from the start.
 */
export function ExportMenu({ meeting }: { meeting: Meeting }) {
  const exportMeeting = useExportMeeting(meeting._id);
  const ready = meeting.transcriptionStatus === 'completed';
  const audio = meeting.metadata.audio;

  const exportAs = (format: ExportFormat) =>
    exportMeeting.mutate(format, {
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to export meeting')),
    });

  const downloadAudio = async () => {
    try {
      const { url } = await getAudioUrl(meeting.projectId, meeting._id);
      followLink(`${url}${url.includes('?') ? '&' : '?'}download=1`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to download the recording'));
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={exportMeeting.isPending}>
          <Download aria-hidden="true" />
          {exportMeeting.isPending ? 'Exporting...' : 'Export'}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel>{ready ? 'Export meeting' : 'Export when the transcript is ready'}</DropdownMenuLabel>
        {EXPORT_FORMATS.map((format) => (
          <DropdownMenuItem key={format} disabled={!ready} onSelect={() => exportAs(format)}>
            {EXPORT_LABELS[format]}
          </DropdownMenuItem>
        ))}
        {audio && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => void downloadAudio()}>
              <FileAudio aria-hidden="true" />
              Download audio ({audioExtension(audio.fileName)})
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
