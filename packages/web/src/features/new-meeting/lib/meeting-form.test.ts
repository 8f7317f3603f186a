import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { durationHint, maxFileSizeOf, validateAudioFile, validateUpload } from './meeting-form';
import { generatedMeetingTitle } from './meeting-title';
import { pickRecordingMimeType, recordingExtension } from './recording-format';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('generated meeting title', () => {
  it("is 'Meeting - ' + short US date + 12-hour time", () => {
    expect(generatedMeetingTitle(new Date(2026, 10, 22, 16, 5))).toBe('Meeting - Nov 22, 2026, 4:05 PM');
    expect(generatedMeetingTitle(new Date(2027, 0, 3, 0, 30))).toBe('Meeting - Jan 3, 2027, 12:30 AM');
  });

  it('uses plain spaces only', () => {
    expect(generatedMeetingTitle(new Date(2026, 10, 22, 9, 0))).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('upload file rules (spec section 5)', () => {
  it.each([
    ['talk.mp3', 'audio/mpeg'],
    ['talk.wav', 'audio/wav'],
    ['talk.webm', 'audio/webm'],
    ['talk.ogg', 'audio/ogg'],
    ['talk.m4a', 'audio/x-m4a'],
    ['talk.mp4', 'video/mp4'],
    ['talk.M4A', ''],
    ['noextension', 'audio/mp4'],
  ])('accepts %s (%s)', (name, type) => {
    expect(validateAudioFile(file(name, type), 100 * MB)).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['image.png', 'image/png'],
    ['talk.flac', 'audio/flac'],
  ])('rejects %s (%s)', (name, type) => {
    expect(validateAudioFile(file(name, type), 100 * MB)).toBe(
      'Invalid file type. Please select an audio file (MP3, WAV, WebM, OGG, M4A).',
    );
  });

  it('rejects a file over the tier limit, with the limit in MB', () => {
    expect(validateAudioFile(file('big.wav', 'audio/wav', 2 * MB + 1), 2 * MB)).toBe(
      'File size exceeds 2MB. Please select a smaller file.',
    );
    expect(validateAudioFile(file('ok.wav', 'audio/wav', 2 * MB), 2 * MB)).toBeNull();
  });

  it('takes the limit from the tier, 100 MB by default', () => {
    expect(
      maxFileSizeOf(makeUser({ tier: { name: 'pro', limits: { monthlyDuration: 60, maxFileSize: 5 * MB } } })),
    ).toBe(5 * MB);
    expect(maxFileSizeOf({ tier: undefined } as never)).toBe(100 * MB);
  });

  it('needs a file and a title to upload', () => {
    expect(validateUpload({ file: null, title: '  ' }, MB)).toEqual({
      file: 'Please select an audio file',
      title: 'Please enter a meeting title',
    });
    expect(validateUpload({ file: file('a.wav', 'audio/wav'), title: 'Standup' }, MB)).toEqual({});
  });

  it('sends whole seconds, or nothing for an unknown duration', () => {
    expect(durationHint(12.6)).toBe(13);
    expect(durationHint(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(durationHint(Number.NaN)).toBeUndefined();
    expect(durationHint(0)).toBeUndefined();
    expect(durationHint(null)).toBeUndefined();
  });
});

describe('recording format (spec section 5)', () => {
  it('picks the first supported type in the spec order, else the default', () => {
    expect(pickRecordingMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingMimeType((type) => type === 'audio/ogg;codecs=opus' || type === 'audio/mp4')).toBe(
      'audio/ogg;codecs=opus',
    );
    expect(pickRecordingMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingMimeType(() => false)).toBe('');
  });

  it('names the file after the type: webm, ogg or mp4, webm by default', () => {
    expect(recordingExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingExtension('audio/ogg;codecs=opus')).toBe('ogg');
    expect(recordingExtension('audio/mp4')).toBe('mp4');
    expect(recordingExtension('')).toBe('webm');
  });
});
