const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function parts(ms: number) {
  const total = Math.max(0, Math.round(ms));
  return {
    hours: Math.floor(total / 3_600_000),
    minutes: Math.floor((total % 3_600_000) / 60_000),
    seconds: Math.floor((total % 60_000) / 1000),
    millis: total % 1000,
  };
}

/** '1:02:03' from an hour on, else '02:03': how people read a position in a transcript. */
export function clockTime(ms: number): string {
  const { hours, minutes, seconds } = parts(ms);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** A subtitle timestamp: '00:01:02,345' for SubRip, '00:01:02.345' for WebVTT. */
export function cueTime(ms: number, separator: ',' | '.'): string {
  const { hours, minutes, seconds, millis } = parts(ms);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(millis, 3)}`;
}

/** 'Nov 23, 2026, 1:05 PM UTC' in the reader's time zone. */
export function documentDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

/**
 * A due date: the day, and the time when it is not midnight in the reader's zone. A date-only due date
 * (00:00 UTC, what "by Thursday" gives) is that calendar day wherever the reader is.
 */
export function dueDateText(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (iso.endsWith('T00:00:00.000Z')) timeZone = 'UTC';
  const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(
    date,
  );
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
  return time === '12:00 AM' ? day : `${day}, ${time}`;
}

/** '42:05' or '1:02:03' for the meeting's length. */
export const durationText = (ms: number) => clockTime(ms);
