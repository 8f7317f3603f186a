import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './file-name.ts';

const utf8Name = (disposition: string) => decodeURIComponent(disposition.split("UTF-8''")[1]!);
const asciiName = (disposition: string) => disposition.match(/filename="([^"]*)"/)![1];

describe('attachmentDisposition', () => {
  it('keeps a plain title as it is in both names', () => {
    const value = attachmentDisposition('Weekly planning', 'md');
    expect(asciiName(value)).toBe('Weekly planning.md');
    expect(utf8Name(value)).toBe('Weekly planning.md');
  });

  it('drops path separators, quotes and control characters, which could escape the name or the header', () => {
    const value = attachmentDisposition('../../etc/"passwd"\r\nX-Evil: 1', 'txt');
    expect(value).not.toMatch(/[\r\n]/);
    expect(asciiName(value)).toBe('etc passwd X-Evil 1.txt');
    expect(utf8Name(value)).toBe('etc passwd X-Evil 1.txt');
  });

  it('falls back to "meeting" when nothing printable is left in ASCII, and keeps the script in filename*', () => {
    const value = attachmentDisposition('会議メモ', 'docx');
    expect(asciiName(value)).toBe('meeting.docx');
    expect(utf8Name(value)).toBe('会議メモ.docx');
    expect(value).toMatch(/filename\*=UTF-8''%E4%BC%9A/);
  });

  it('percent-encodes the characters RFC 5987 reserves', () => {
    expect(attachmentDisposition("Bob's (draft)", 'md')).toContain("filename*=UTF-8''Bob%27s%20%28draft%29.md");
  });
});
