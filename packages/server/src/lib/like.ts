import { type Expression, type RawBuilder, sql } from 'kysely';

/** A case-insensitive "contains" that treats %, _ and \ in the user's text literally, on SQLite and PostgreSQL. */
export function containsText(column: Expression<string> | RawBuilder<string>, needle: string) {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
}
