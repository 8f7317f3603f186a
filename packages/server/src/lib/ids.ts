import { randomBytes } from 'node:crypto';

/** Opaque 24-hex-character ids: unguessable, URL-safe, and the same shape in every table. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
export const isId = (value: string) => ID_PATTERN.test(value);

export const nowIso = () => new Date().toISOString();
