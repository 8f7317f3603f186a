import type { Person, ProjectPerson, TranscriptionSegment } from '@parley/contract';
import { Pencil, Play, Trash2 } from 'lucide-react';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { ProjectPeopleOptions } from '@/components/project-people-options';
import { isUnheard, SegmentText } from '@/components/segment-text';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatTimestamp } from '@/lib/format';
import { personLabel } from '@/lib/person-label';
import { cn } from '@/lib/utils';
import { useUpdateTranscription } from '../api/update-transcription';
import { speakerColor } from '../lib/speaker-color';

export const ADD_PERSON_VALUE = '__add_person__';
export const RENAME_SPEAKER_VALUE = '__rename_speaker__';

export interface SegmentItemProps {
  meetingId: string;
  segment: TranscriptionSegment;
  /** Who the user may link a speaker of this project to (their own contacts and the ones it names). */
  people: ProjectPerson[];
  active: boolean;
  /** Whether the active segment may scroll itself into view (false while the user scrolls). */
  mayFollow: () => boolean;
  /** Plays from the segment's start; absent when the meeting has no recording (nothing to play). */
  onSeek?: (ms: number) => void;
  /** A person chosen on this segment: the dialog asks whether only it or all of its label's segments change. */
  onChoosePerson: (segment: TranscriptionSegment, person: Pick<Person, '_id' | 'name' | 'company'>) => void;
  onAddPerson: (speaker: string) => void;
  /** 'Rename speaker...': a name for the label without a contact ("Speaker 2" -> "Ana"). */
  onRenameSpeaker: (speaker: string) => void;
  onDelete: (segment: TranscriptionSegment) => void;
  onError: (message: string) => void;
  /** A viewer's transcript: the speaker's name and the text, no controls to change them. */
  readOnly?: boolean;
}

function SpeakerSelect({
  segment,
  people,
  onChoosePerson,
  onAddPerson,
  onRenameSpeaker,
}: Pick<SegmentItemProps, 'segment' | 'people' | 'onChoosePerson' | 'onAddPerson' | 'onRenameSpeaker'>) {
  const linked = segment.personId;
  // The linked person is always shown, even one no longer offered (a former member's contact).
  const unlisted = linked && !people.some((person) => person._id === linked._id) ? linked : null;
  const options: Array<Pick<Person, '_id' | 'name' | 'company'>> = unlisted ? [unlisted, ...people] : people;
  return (
    <select
      aria-label={`Speaker for ${segment.speaker}`}
      value={linked?._id ?? ''}
      onChange={(event) => {
        const value = event.target.value;
        if (value === ADD_PERSON_VALUE) onAddPerson(segment.speaker);
        else if (value === RENAME_SPEAKER_VALUE) onRenameSpeaker(segment.speaker);
        else {
          const person = options.find((candidate) => candidate._id === value);
          if (person) onChoosePerson(segment, person);
        }
      }}
      className="border-input hover:bg-accent focus-visible:border-ring focus-visible:ring-ring/50 h-8 max-w-[12rem] min-w-0 sm:max-w-[14rem] truncate rounded-md border bg-transparent px-2 text-sm font-medium outline-none focus-visible:ring-[3px]"
    >
      {!linked && <option value="">{segment.speaker}</option>}
      {unlisted && <option value={unlisted._id}>{personLabel(unlisted)}</option>}
      <ProjectPeopleOptions people={people} />
      <option value={ADD_PERSON_VALUE}>+ Add Person</option>
      <option value={RENAME_SPEAKER_VALUE}>Rename {segment.speaker}...</option>
    </select>
  );
}

/** One transcript segment: speaker, time range (plays from there), text, inline edit and delete. */
export const SegmentItem = memo(function SegmentItem({
  meetingId,
  segment,
  people,
  active,
  mayFollow,
  onSeek,
  onChoosePerson,
  onAddPerson,
  onRenameSpeaker,
  onDelete,
  onError,
  readOnly = false,
}: SegmentItemProps) {
  const update = useUpdateTranscription(meetingId);
  const [draft, setDraft] = useState<string | null>(null);
  const ref = useRef<HTMLLIElement>(null);
  const textId = useId();

  useEffect(() => {
    if (active && mayFollow()) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active, mayFollow]);

  const save = async () => {
    if (draft === null || !draft.trim()) return;
    try {
      await update.mutateAsync({ transcriptionId: segment._id, text: draft.trim() });
      setDraft(null);
    } catch (failure) {
      setDraft(null);
      onError(errorMessage(failure, 'Failed to update transcription'));
    }
  };

  const range = `${formatTimestamp(segment.startTime)} - ${formatTimestamp(segment.endTime)}`;
  return (
    <li
      ref={ref}
      data-segment-id={segment._id}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'group grid gap-2 rounded-lg border p-3 transition-colors sm:p-4',
        active ? 'border-primary/40 bg-primary/5' : 'bg-card',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span
          className={cn('size-2.5 shrink-0 rounded-full', speakerColor(segment.personId?.name ?? segment.speaker))}
          aria-hidden="true"
        />
        {readOnly ? (
          <span className="text-sm font-medium">
            {segment.personId ? personLabel(segment.personId) : segment.speaker}
          </span>
        ) : (
          <SpeakerSelect
            segment={segment}
            people={people}
            onChoosePerson={onChoosePerson}
            onAddPerson={onAddPerson}
            onRenameSpeaker={onRenameSpeaker}
          />
        )}
        {segment.personId && <span className="text-muted-foreground text-xs">{segment.speaker}</span>}
        {onSeek ? (
          <button
            type="button"
            onClick={() => onSeek(segment.startTime)}
            className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 order-last inline-flex items-center gap-1 rounded-sm font-mono text-xs tabular-nums outline-none focus-visible:ring-[3px] sm:order-none"
            aria-label={`Play from ${formatTimestamp(segment.startTime)}`}
            title="Play from here"
          >
            <Play className="size-3" aria-hidden="true" />
            {range}
          </button>
        ) : (
          <span className="text-muted-foreground order-last font-mono text-xs tabular-nums sm:order-none">{range}</span>
        )}
        <div className="ml-auto flex items-center gap-1" hidden={readOnly}>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            // a second voice without words opens empty: the person types what was said
            onClick={() => setDraft(isUnheard(segment.text) ? '' : segment.text)}
            disabled={draft !== null}
            aria-label="Edit segment"
          >
            <Pencil aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={() => onDelete(segment)}
            aria-label="Delete segment"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {draft === null ? (
        <p className="text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap">
          <SegmentText text={segment.text} />
          {segment.isEdited && <span className="text-muted-foreground ml-1.5 text-xs">(edited)</span>}
        </p>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={textId} className="sr-only">
            Segment text
          </label>
          <Textarea
            id={textId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !update.isPending) {
                event.preventDefault();
                setDraft(null);
              }
            }}
            placeholder="Edit transcription text..."
            rows={3}
            autoFocus
            disabled={update.isPending}
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={() => setDraft(null)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button size="sm" onClick={() => void save()} disabled={!draft.trim() || update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
});
