import type { Person } from '@parley/contract';
import { AudioLines } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useForgetVoice } from '../api/forget-voice';

/** What Parley learned of the person's voice, and 'Forget voice' (docs/decisions/130). */
export function VoiceProfileRow({ person }: { person: Person }) {
  const forget = useForgetVoice();
  const profile = person.voiceProfile;
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground">Voice</dt>
      <dd className="grid gap-2">
        <span className="flex items-center gap-2">
          <AudioLines className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
          {profile
            ? `Learned from ${profile.meetings} meeting${profile.meetings === 1 ? '' : 's'} (${Math.round(profile.seconds)} s of speech)`
            : 'Not known yet: assign this person to a speaker in a meeting'}
        </span>
        {profile && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={forget.isPending}
            onClick={() => forget.mutate(person._id)}
          >
            {forget.isPending ? 'Forgetting...' : 'Forget voice'}
          </Button>
        )}
        <ErrorAlert message={forget.isError ? errorMessage(forget.error, 'Failed to forget voice') : null} />
      </dd>
    </div>
  );
}
