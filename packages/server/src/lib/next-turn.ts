/**
 * Lets the event loop serve others before going on. A batch loop of synchronous SQLite statements
 * (better-sqlite3) awaits only settled promises, which never yields: between batches, this does.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
