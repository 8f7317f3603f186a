import { formatDateTime } from '@/lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A due date that is a day, not a moment: stored at 00:00 UTC (what "by Thursday" gives, and what the
 * editor saves for a due date left at midnight), shown and edited as that calendar day in every zone.
 */
export function isDateOnly(iso: string): boolean {
  return iso.endsWith('T00:00:00.000Z');
}

/** 'Nov 27, 2026' for a day, else the local date and time. */
export function formatDueDate(iso: string): string {
  if (!isDateOnly(iso)) return formatDateTime(iso);
  return new Intl.DateTimeFormat(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** An ISO date as the value of a `datetime-local` input: local time, to the minute (a day at 00:00). */
export function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (isDateOnly(iso)) return `${iso.slice(0, 10)}T00:00`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value back to an ISO string (00:00 is a day), or null when empty (spec section 5). */
export function fromLocalInputValue(value: string): string | null {
  if (!value.trim()) return null;
  if (/^\d{4}-\d{2}-\d{2}T00:00$/.test(value)) return `${value.slice(0, 10)}T00:00:00.000Z`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
