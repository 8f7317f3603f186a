import type { ProjectPerson } from '@parley/contract';
import { personLabel } from '@/lib/person-label';

/**
 * The `<option>`s of a project's people for a speaker or assignee picker, as 'name - company'. When the
 * project names people of other members', the user's own come under "Your people" and those under
 * "Named in this project" (docs/decisions/266); otherwise one plain list, as in a project of one's own.
 */
export function ProjectPeopleOptions({ people }: { people: readonly ProjectPerson[] }) {
  const options = (list: readonly ProjectPerson[]) =>
    list.map((person) => (
      <option key={person._id} value={person._id}>
        {personLabel(person)}
      </option>
    ));
  const named = people.filter((person) => !person.own);
  if (named.length === 0) return options(people);
  return (
    <>
      <optgroup label="Your people">{options(people.filter((person) => person.own))}</optgroup>
      <optgroup label="Named in this project">{options(named)}</optgroup>
    </>
  );
}
