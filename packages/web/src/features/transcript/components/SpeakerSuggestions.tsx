import type { SpeakerSuggestion } from '@parley/contract';
import { Sparkles } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useActionError } from '@/hooks/use-action-error';
import { cn } from '@/lib/utils';
import { useAssignSpeaker } from '../api/assign-speaker';
import { useDismissSuggestion, useSpeakerSuggestions } from '../api/speaker-suggestions';
import { speakerColor } from '../lib/speaker-color';

/** "Sounds like David Chen" (voice) or "Called David in the meeting" (what was said). */
export function suggestionText(s: Pick<SpeakerSuggestion, 'source' | 'name'>): string {
  return s.source === 'voice' ? `Sounds like ${s.name}` : `Called ${s.name} in the meeting`;
}

/**
 * Names suggested for the speaker labels, one per label: Accept assigns the label (all its segments),
 * Not them never suggests that person for the label again; a name no person has offers to create one.
 */
export function SpeakerSuggestions({
  meetingId,
  onCreatePerson,
}: {
  meetingId: string;
  onCreatePerson: (speaker: string, name: string) => void;
}) {
  const suggestions = useSpeakerSuggestions(meetingId, true);
  const assign = useAssignSpeaker(meetingId);
  const dismiss = useDismissSuggestion(meetingId);
  const { error, attempt } = useActionError();
  const list = suggestions.data ?? [];
  if (list.length === 0) return null;

  const accept = async (s: SpeakerSuggestion) => {
    const personId = s.personId;
    if (!personId) return onCreatePerson(s.speaker, s.name);
    await attempt(async () => {
      await assign.mutateAsync({ speaker: s.speaker, person: { _id: personId, name: s.name } });
    }, 'Failed to assign speaker to person');
  };
  const notThem = (s: SpeakerSuggestion) =>
    attempt(async () => {
      await dismiss.mutateAsync({ speaker: s.speaker, personId: s.personId, name: s.name });
    }, 'Failed to dismiss suggestion');
  const busy = assign.isPending || dismiss.isPending;

  return (
    <section aria-label="Speaker suggestions" className="grid gap-2 rounded-lg border border-dashed p-3">
      <ul className="grid gap-2">
        {list.map((s) => (
          <li key={s.speaker} className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm">
            <span className={cn('size-2.5 shrink-0 rounded-full', speakerColor(s.speaker))} aria-hidden="true" />
            <span className="font-medium">{s.speaker}</span>
            <span className="flex items-center gap-1.5">
              <Sparkles className="text-muted-foreground size-3.5" aria-hidden="true" />
              {suggestionText(s)}
            </span>
            <span className="text-muted-foreground text-xs" title="Confidence">
              {Math.round(s.confidence * 100)}%
            </span>
            {s.evidence[0] && (
              <q className="text-muted-foreground max-w-full truncate text-xs sm:max-w-[24rem]">{s.evidence[0].text}</q>
            )}
            <span className="ml-auto flex gap-2">
              <Button size="sm" onClick={() => void accept(s)} disabled={busy}>
                {s.personId ? 'Accept' : `Create person ${s.name}`}
              </Button>
              <Button size="sm" variant="outline" onClick={() => void notThem(s)} disabled={busy}>
                Not them
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ErrorAlert message={error} />
    </section>
  );
}
