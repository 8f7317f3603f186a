/**
 * What makes two project names "the same" for one user: surrounding spaces, letter case (Unicode
 * aware, so "Ärger" and "ärger" collide on SQLite as on PostgreSQL) and Unicode normalisation forms.
 * Stored as projects.name_key under a unique index, so the rule holds even for racing requests.
 */
export function projectNameKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
}
