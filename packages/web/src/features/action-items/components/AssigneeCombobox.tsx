import type { ProjectPerson } from '@parley/contract';
import { Check, ChevronsUpDown, PenLine, UserRound, X } from 'lucide-react';
import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useProjectPeople } from '@/api/people/get-project-people';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { type AssigneeOption, assigneeOptions } from '../lib/assignee-options';

export interface AssigneeValue {
  name: string;
  /** The person the name was picked from in People; null for a name typed by hand. */
  personId: string | null;
}

/**
 * The one assignee field: type any name, or pick one of the project's people (filtered by what is typed):
 * the user's own contacts, and under "Named in this project" those of other members the project names.
 * An ARIA 1.2 combobox: the focus stays in the input, arrows move through the list, Enter picks, Escape
 * closes it. Typing after a pick makes the text a name again, no longer linked to the person.
 */
export function AssigneeCombobox({
  projectId,
  id,
  value,
  onChange,
  onBlur,
  maxLength,
  describedBy,
}: {
  projectId: string;
  id: string;
  value: AssigneeValue;
  onChange: (value: AssigneeValue) => void;
  onBlur?: () => void;
  maxLength?: number;
  describedBy?: string;
}) {
  const people = useProjectPeople(projectId);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // What the list is filtered by: the text as typed; opened by the button or a click, every person.
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const linked = value.personId !== null;
  const options = assigneeOptions(people.data ?? [], query);
  // Headings only when the list holds both kinds, as the speaker picker groups them.
  const grouped =
    options.some((o) => o.kind === 'person' && o.person.own) &&
    options.some((o) => o.kind === 'person' && !o.person.own);
  const heading = (index: number) => {
    const option = options[index];
    if (!grouped || option?.kind !== 'person') return null;
    const before = options[index - 1];
    if (before?.kind === 'person' && before.person.own === option.person.own) return null;
    return option.person.own ? 'Your people' : 'Named in this project';
  };
  const expanded = open && (options.length > 0 || people.isPending);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  function show(at = -1, filter = query) {
    setOpen(true);
    setActive(at);
    setQuery(filter);
  }
  function close() {
    setOpen(false);
    setActive(-1);
    setQuery('');
  }
  function pick(option: AssigneeOption) {
    if (option.kind === 'person') onChange({ name: option.person.name, personId: option.person._id });
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!expanded) return show(down ? 0 : last);
      if (down) setActive(active >= last ? 0 : active + 1);
      else setActive(active <= 0 ? last : active - 1);
    } else if (event.key === 'Enter' && expanded && options[active]) {
      // Picks the option; with none highlighted, Enter submits the form as in any field.
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only, not a dialog or editor around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  return (
    <div className="relative">
      {linked && (
        <UserRound
          className="text-primary pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
      )}
      <Input
        ref={input}
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="Name or person"
        maxLength={maxLength}
        value={value.name}
        onChange={(event) => {
          onChange({ name: event.target.value, personId: null });
          show(-1, event.target.value);
        }}
        onClick={() => !expanded && show(-1, '')}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className={cn('pr-16', linked && 'pl-8')}
      />
      <div className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center">
        {value.name && (
          <Button
            variant="ghost"
            size="icon"
            className="text-muted-foreground size-7"
            aria-label="Clear assignee"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              onChange({ name: '', personId: null });
              input.current?.focus();
            }}
          >
            <X aria-hidden="true" />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="text-muted-foreground size-7"
          aria-label="Show people"
          tabIndex={-1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (expanded) return close();
            input.current?.focus();
            show(-1, '');
          }}
        >
          <ChevronsUpDown aria-hidden="true" />
        </Button>
      </div>
      {expanded && (
        <div
          id={listId}
          role="listbox"
          aria-label="People"
          className="bg-popover text-popover-foreground animate-in fade-in-0 zoom-in-95 absolute z-50 mt-1 max-h-60 w-full overflow-y-auto rounded-md border p-1 shadow-md"
        >
          {people.isPending && <div className="text-muted-foreground px-2 py-1.5 text-sm">Loading people...</div>}
          {options.map((option, index) => (
            <Fragment key={option.kind === 'person' ? option.person._id : 'name'}>
              {heading(index) && (
                <div role="presentation" className="text-muted-foreground px-2 pt-1.5 pb-1 text-xs font-medium">
                  {heading(index)}
                </div>
              )}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the input's (aria-activedescendant), which keeps the focus */}
              <div
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                data-active={index === active}
                // The input keeps the focus: a click picks without blurring it first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => active !== index && setActive(index)}
                onClick={() => pick(option)}
                className="data-[active=true]:bg-accent data-[active=true]:text-accent-foreground relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none"
              >
                {option.kind === 'person' ? (
                  <PersonOption person={option.person} chosen={option.person._id === value.personId} />
                ) : (
                  <>
                    <PenLine className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                    <span className="min-w-0 truncate">Use “{option.name}” as a name</span>
                  </>
                )}
              </div>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}

function PersonOption({ person, chosen }: { person: ProjectPerson; chosen: boolean }) {
  return (
    <>
      <UserRound className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1 truncate">
        {person.name}
        {person.company && ' - '}
        {person.company && <span className="text-muted-foreground">{person.company}</span>}
      </span>
      <Check className={cn('size-4 shrink-0', !chosen && 'invisible')} aria-hidden="true" />
    </>
  );
}
