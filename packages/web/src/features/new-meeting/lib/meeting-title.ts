/**
 * The title a recording gets when none is typed (spec section 2): 'Meeting - Nov 22, 2026, 4:05 PM'.
 * Date and time come from toLocaleDateString / toLocaleTimeString in en-US, joined by ', '. Newer
 * ICU versions put a narrow no-break space before AM/PM; it is normalised to a plain space so the
 * title reads and searches the same everywhere (decision 030).
 */
export function generatedMeetingTitle(date: Date = new Date()): string {
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `Meeting - ${day}, ${time}`.replace(/[\u00a0\u202f]/g, ' ');
}

/**
 * An uploaded file's name as a meeting title: "weekly_sync.m4a" reads "weekly sync". Only a suggestion:
 * the field stays editable, and left empty the spec's message asks for a title.
 */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, '');
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}
