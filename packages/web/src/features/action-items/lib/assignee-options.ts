import type { Person } from '@parley/contract';

export type AssigneeOption = { kind: 'person'; person: Person } | { kind: 'name'; name: string };

/** 'name - company', as an item shows its linked person (spec: the Action Items tab). */
export const personLabel = (person: { name: string; company?: string | null }) =>
  person.company ? `${person.name} - ${person.company}` : person.name;

/**
 * What the assignee list offers for `typed`, the text typed since the list opened: the people whose name or
 * company contains it (every person when nothing is typed), then the text itself as a name unless a person
 * has exactly that name.
 */
export function assigneeOptions(people: Person[], typed: string): AssigneeOption[] {
  const name = typed.trim();
  const query = name.toLocaleLowerCase();
  const matches = people.filter((person) => !query || personLabel(person).toLocaleLowerCase().includes(query));
  const named = matches.some((person) => person.name.toLocaleLowerCase() === query);
  return [
    ...matches.map((person) => ({ kind: 'person' as const, person })),
    ...(name && !named ? [{ kind: 'name' as const, name }] : []),
  ];
}
