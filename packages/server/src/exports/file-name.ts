/**
 * A Content-Disposition for a download named after the meeting: an ASCII `filename` for old clients
 * and an RFC 5987 `filename*` carrying the title as written (accents, non-Latin scripts).
 */
export function attachmentDisposition(title: string, extension: string): string {
  const readable = [...title]
    .map((char) => (isControl(char) ? ' ' : char))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[. ]+/, '') // no hidden files, no '..'
    .slice(0, 120)
    .trim();
  const ascii = readable
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[ ._]+|[ ._]+$/g, '');
  const fallback = `${ascii || 'meeting'}.${extension}`;
  const full = `${readable || 'meeting'}.${extension}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(full)}`;
}

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};
