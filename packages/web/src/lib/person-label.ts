/**
 * A linked person as every picker and item shows them: 'name - company', or just 'name' without a company
 * (the company is given only for the user's own contacts, docs/decisions/266).
 */
export function personLabel(person: { name: string; company?: string | null }): string {
  const company = person.company?.trim();
  return company ? `${person.name} - ${company}` : person.name;
}
