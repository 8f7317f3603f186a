import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, jfkWavPath } from '../../../test/fixtures/audio.ts';
import { lastGranule, oggGranuleRate } from './ogg-pages.ts';

/** JFK's 11 s as an Ogg stream of `codec`, a page about every half second, as ffmpeg writes it. */
const ogg = (codec: string[]) =>
  execFileSync(
    fixtureFfmpeg(),
    ['-v', 'error', '-i', jfkWavPath(), ...codec, '-page_duration', '500000', '-f', 'ogg', '-'],
    { maxBuffer: 16 * 1024 * 1024 },
  );

const seconds = (granule: bigint | null, rate: number) => Number(granule) / rate;

describe('reading Ogg chunks', () => {
  const opus = ogg(['-c:a', 'libopus', '-b:a', '32k']);
  const vorbis = ogg(['-ar', '22050', '-c:a', 'libvorbis', '-q:a', '2']);

  it("takes the rate from the first chunk's first page: 48 kHz for Opus, the sample rate for Vorbis", () => {
    expect(oggGranuleRate(opus.subarray(0, 4096))).toBe(48_000);
    expect(oggGranuleRate(vorbis.subarray(0, 4096))).toBe(22_050);
    expect(oggGranuleRate(opus.subarray(opus.length / 2))).toBeNull();
  });

  it('reaches the whole stream at its end, and about as far as the bytes go inside it', () => {
    expect(seconds(lastGranule(opus), 48_000)).toBeCloseTo(11, 0);
    expect(seconds(lastGranule(vorbis), 22_050)).toBeCloseTo(11, 0);
    // A chunk cut at arbitrary bytes: the last page wholly within it, about half way at 32 kbit/s.
    const half = seconds(lastGranule(opus.subarray(opus.length / 4, opus.length / 2)), 48_000);
    expect(half).toBeGreaterThan(4.5);
    expect(half).toBeLessThan(6);
  });

  it('believes no page whose bytes were changed, nor four letters inside audio data', () => {
    const changed = Buffer.from(opus);
    for (let i = changed.length - 200; i < changed.length; i++) changed[i]! ^= 0xff;
    // The last two pages (the end-of-stream page is 91 bytes) no longer check out: the one before them is
    // read, which ends half a second earlier.
    const before = seconds(lastGranule(changed), 48_000);
    expect(before).toBeLessThan(seconds(lastGranule(opus), 48_000) - 0.2);
    expect(before).toBeGreaterThan(9.5);
    const fake = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(23, 0), Buffer.alloc(4096, 0x55)]);
    fake.writeBigUInt64LE(10n ** 12n, 6);
    expect(lastGranule(fake)).toBeNull();
    expect(lastGranule(Buffer.alloc(1 << 20, 0x4f))).toBeNull();
  });

  it('answers nothing for a chunk of pages that all fail their check', () => {
    // 4 MB of well-shaped pages with wrong CRCs: a few are checked from each end (the bound is in the code).
    const page = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(22, 0), Buffer.from([1, 200]), Buffer.alloc(200, 1)]);
    const hostile = Buffer.concat(Array.from({ length: (4 * 1024 * 1024) / page.length }, () => page));
    expect(lastGranule(hostile)).toBeNull();
    expect(oggGranuleRate(hostile)).toBeNull();
  });
});
