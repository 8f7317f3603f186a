import { describe, expect, it } from 'vitest';
import { lastFragmentStart, mp4Timescale } from './mp4-fragments.ts';

// Boxes built by hand: size (4 bytes), type (4 letters), content.
const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u64 = (n: number) => [...u32(Math.floor(n / 2 ** 32)), ...u32(n >>> 0)];
const box = (type: string, ...content: number[][]) => {
  const body = content.flat();
  return [...u32(8 + body.length), ...[...type].map((c) => c.charCodeAt(0)), ...body];
};
const fullBox = (type: string, version: number, ...content: number[][]) => box(type, [version, 0, 0, 0], ...content);
const mdhd = (version: 0 | 1, timescale: number) =>
  fullBox('mdhd', version, version === 1 ? u64(0) : u32(0), version === 1 ? u64(0) : u32(0), u32(timescale), u32(0));
const moov = (timescale: number, version: 0 | 1 = 0) =>
  box('moov', box('mvhd', [0, 0, 0, 0]), box('trak', box('tkhd', [0]), box('mdia', mdhd(version, timescale))));
const moof = (start: number, version: 0 | 1 = 0) =>
  box(
    'moof',
    fullBox('mfhd', 0, u32(1)),
    box('traf', fullBox('tfhd', 0, u32(1)), fullBox('tfdt', version, version === 1 ? u64(start) : u32(start))),
  );
const mdat = (bytes: number) => box('mdat', new Array(bytes).fill(0x6d));
const chunk = (...boxes: number[][]) => Uint8Array.from(boxes.flat());

describe('reading fragmented MP4 chunks', () => {
  it("takes the timescale from the first chunk's moov, and the last whole fragment's start", () => {
    const first = chunk(box('ftyp', [0x69, 0x73, 0x6f, 0x6d]), moov(48_000), moof(0), mdat(40), moof(4800), mdat(40));
    expect(mp4Timescale(first)).toBe(48_000);
    expect(lastFragmentStart(first)).toBe(4800);
  });

  it('reads 64-bit start times (version 1) past 2^32 ticks, and version-1 headers', () => {
    const hours13 = 13 * 3600 * 96_000; // beyond 32 bits at 96 kHz
    expect(mp4Timescale(chunk(moov(96_000, 1)))).toBe(96_000);
    expect(lastFragmentStart(chunk(mdat(10), moof(hours13, 1), mdat(10)))).toBe(hours13);
  });

  it('finds boxes in a chunk that starts inside one, and skips a fragment cut off by its end', () => {
    const stream = chunk(moof(1000), mdat(64), moof(2000), mdat(64), moof(3000));
    const cut = stream.subarray(20, stream.length - 10);
    // The first moof is cut at its start, the last at its end: only the middle one is whole.
    expect(lastFragmentStart(cut)).toBe(2000);
    expect(mp4Timescale(cut)).toBeNull();
  });

  it('finds nothing in audio data that only spells the letters', () => {
    const noise = Uint8Array.from([...u32(0xffffffff), ...[...'moof'].map((c) => c.charCodeAt(0)), 1, 2, 3]);
    expect(lastFragmentStart(noise)).toBeNull();
    expect(lastFragmentStart(new Uint8Array(0))).toBeNull();
  });
});
