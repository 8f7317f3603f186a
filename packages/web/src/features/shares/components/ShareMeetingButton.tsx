import type { Meeting } from '@parley/contract';
import { Share2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useCreateShare, useRevokeShare, useShares } from '../api/shares';

const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** "Share": read-only links to the meeting for people without an account (docs/decisions/172). */
export function ShareMeetingButton({ meeting }: { meeting: Meeting }) {
  const [open, setOpen] = useState(false);
  const shares = useShares(meeting._id, open);
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [includeAudio, setIncludeAudio] = useState(false);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await create.mutateAsync({
        meetingId: meeting._id,
        includeAudio,
        expiresAt: expires ? endOfDay(expires) : undefined,
      });
      setExpires('');
    } catch (e) {
      setError(errorMessage(e, 'Failed to create the link'));
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share meeting</DialogTitle>
            <DialogDescription>
              Anyone with a link can read the transcript, summary and action items without signing in.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} className="grid gap-3" aria-label="Create a share link">
            <ErrorAlert message={error} />
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={includeAudio}
                disabled={!meeting.metadata.audio}
                onChange={(e) => setIncludeAudio(e.target.checked)}
              />
              Include the recording
            </label>
            <FormField id="share-expires" label="Expires (optional)">
              <Input id="share-expires" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
            </FormField>
            <Button type="submit" className="justify-self-start" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create link'}
            </Button>
          </form>
          <ul className="grid gap-2" aria-label="Share links">
            {shares.data?.map((share) => (
              <li key={share.id} className="grid gap-1 rounded-md border p-2 text-sm">
                <a href={share.url} target="_blank" rel="noreferrer" className="text-xs break-all underline">
                  {share.url}
                </a>
                <div className="flex items-center justify-between gap-2">
                  <span className="text-muted-foreground text-xs">
                    {share.includeAudio ? 'With the recording' : 'Without the recording'}
                    {share.expiresAt ? ` · expires ${formatDate(share.expiresAt)}` : ''}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(
                        { meetingId: meeting._id, id: share.id },
                        { onError: (e) => setError(errorMessage(e, 'Failed to revoke the link')) },
                      )
                    }
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {shares.data?.length === 0 && <p className="text-muted-foreground text-sm">No links yet.</p>}
        </DialogContent>
      </Dialog>
    </>
  );
}
