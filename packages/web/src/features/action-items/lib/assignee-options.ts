import type { ProjectPerson } from '@parley/contract';
import { personLabel } from '@/lib/person-label';

export type AssigneeOption = { kind: 'person'; person: ProjectPerson } | { kind: 'name'; name: string };

/**
 * What the assignee list offers for `typed`, the text typed since the list opened: the project's people whose
 * name or company contains it (every one when nothing is typed), the user's own before those other members'
 * the project names (docs/decisions/266), then the text itself as a name unless a person has exactly that name.
 */
export function assigneeOptions(people: readonly ProjectPerson[], typed: string): AssigneeOption[] {
  const name = typed.trim();
  const query = name.toLocaleLowerCase();
  const found = people.filter((person) => !query || personLabel(person).toLocaleLowerCase().includes(query));
  const matches = [...found.filter((person) => person.own), ...found.filter((person) => !person.own)];
  const named = matches.some((person) => person.name.toLocaleLowerCase() === query);
  return [
    ...matches.map((person) => ({ kind: 'person' as const, person })),
    ...(name && !named ? [{ kind: 'name' as const, name }] : []),
  ];
}
