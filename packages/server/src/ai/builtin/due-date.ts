// Due dates read from what was said, relative to the meeting's own date.
import * as chrono from 'chrono-node';

const WEEKDAY =
  /^(?:(?:by|on|until|till|before|due|for)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/**
 * The first date said in the text, as an ISO string, or null. A bare weekday said on that weekday is the
 * next one ("by Thursday" on a Thursday is a week later, nobody sets a task due the same hour); a
 * phrase with only a day ("tomorrow", "on Monday") gives that day at 00:00 UTC, not the meeting's time of
 * day, so it reads as a date. The meeting's day is taken in UTC: the server does not know the speakers' zone.
 */
export function dueDateFrom(texts: string[], meetingDate: Date): string | null {
  for (const text of texts) {
    const result = chrono.parse(text, { instant: meetingDate, timezone: 'UTC' }, { forwardDate: true })[0];
    if (!result) continue;
    const start = result.start;
    let day = Date.UTC(start.get('year')!, start.get('month')! - 1, start.get('day')!);
    const meetingDay = Date.UTC(meetingDate.getUTCFullYear(), meetingDate.getUTCMonth(), meetingDate.getUTCDate());
    // chrono's text can keep the punctuation after the day ("by Thursday, right?" gives "Thursday,").
    if (day === meetingDay && WEEKDAY.test(result.text.trim().replace(/[,.;:!?]+$/, ''))) day += 7 * 86_400_000;
    if (!start.isCertain('hour')) return new Date(day).toISOString();
    const time = Date.UTC(1970, 0, 1, start.get('hour')!, start.get('minute') ?? 0);
    return new Date(day + time).toISOString();
  }
  return null;
}
