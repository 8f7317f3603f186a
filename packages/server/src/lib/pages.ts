import { deserialize, serialize } from 'node:v8';

/**
 * Many values in one buffer that a worker thread hands over without a copy (its memory moves), read
 * back a page at a time. A thread's result arrives as one message, deserialised on the main thread in
 * one go: 20,000 parsed cues took 20-70 ms there. Paged, each page is read in a turn of its own.
 */
export interface Pages<T> {
  bytes: Uint8Array;
  /** Where each page ends in `bytes`. */
  ends: number[];
  /** Never set: ties the pages to what they hold. */
  readonly of?: T;
}

export function toPages<T>(items: readonly T[], perPage: number): Pages<T> {
  const parts: Buffer[] = [];
  for (let i = 0; i < items.length; i += perPage) parts.push(serialize(items.slice(i, i + perPage)));
  return joined(parts);
}

/**
 * Pages made as their values arrive, each arriving page serialised in its turn: the caller never holds
 * more than one page of values (a 20,000-segment meeting's rows, read for an export, are never all alive).
 */
export async function pagesFrom<T>(source: AsyncIterable<readonly T[]>): Promise<Pages<T>> {
  const parts: Buffer[] = [];
  for await (const page of source) if (page.length > 0) parts.push(serialize(page));
  return joined(parts);
}

function joined<T>(parts: Buffer[]): Pages<T> {
  // A buffer of its own (Buffer.concat may hand out a slice of a shared pool, which cannot move).
  const bytes = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  const ends: number[] = [];
  for (const part of parts) {
    const start = ends.at(-1) ?? 0;
    bytes.set(part, start);
    ends.push(start + part.length);
  }
  return { bytes, ends };
}

export function* readPages<T>(pages: Pages<T>): Generator<T[]> {
  let start = 0;
  for (const end of pages.ends) {
    yield deserialize(pages.bytes.subarray(start, end)) as T[];
    start = end;
  }
}

/** Every value of `pages`, in order (in a worker thread, where a long turn holds nobody). */
export const readAll = <T>(pages: Pages<T>): T[] => [...readPages(pages)].flat();
