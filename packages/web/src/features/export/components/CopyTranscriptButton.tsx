import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { fetchTranscriptText } from '../api/export-meeting';

const COPIED_FOR_MS = 2000;

/** 'Copy transcript': the whole transcript (every page, not only the loaded ones) as plain text. */
export function CopyTranscriptButton({ meetingId }: { meetingId: string }) {
  const [state, setState] = useState<'idle' | 'copying' | 'copied'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    if (state === 'copying') return;
    setState('copying');
    try {
      // Safari only allows clipboard writes in the click's own task: hand it a promise of the text.
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        const text = fetchTranscriptText(meetingId).then((value) => new Blob([value], { type: 'text/plain' }));
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text })]);
      } else {
        await navigator.clipboard.writeText(await fetchTranscriptText(meetingId));
      }
      setState('copied');
    } catch (failure) {
      setState('idle');
      // A refused clipboard is not a connection problem: only API failures take the server's words.
      toast.error(
        isApiError(failure) ? errorMessage(failure, 'Failed to copy the transcript') : 'Failed to copy the transcript',
      );
    }
  };

  return (
    // aria-disabled, not disabled: a disabled button loses focus, and keyboard users their place.
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-disabled={state === 'copying'}>
      {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {state === 'copied' ? 'Copied' : 'Copy transcript'}
    </Button>
  );
}
