/**
 * A call heard side by side (decision 241): both parties talking at once, the far side bleeding into
 * the near side's microphone. Each side is recognised alone, so each side's words are under its own
 * labels, none twice, and no segment is without a word.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callPartiesInputs, fixtureFfmpeg, fixtureTempDir } from '../../../test/fixtures/audio.ts';
import { loadMoonshine } from '../recognition/moonshine.ts';
import { hasWord } from '../speakers/label.ts';
import { transcribeFile } from './pipeline.ts';

const dir = fixtureTempDir('parley-sides-');

/** JFK on the left; the radio amateur on the right at the same time, heard on the left 26 dB down. */
function talkingAtOnce(): string {
  const out = join(dir, 'at-once.wav');
  execFileSync(fixtureFfmpeg(), [
    ...callPartiesInputs(),
    '-filter_complex',
    '[0:a]aresample=16000[l0];[1:a]aresample=16000,asplit[r][rb];[rb]volume=0.05[b];[l0][b]amix=inputs=2:duration=longest:normalize=0[l];[l][r]join=inputs=2:channel_layout=stereo[out]',
    ...['-map', '[out]', '-c:a', 'pcm_s16le', out],
  ]);
  return out;
}

describe('transcribeFile on a call with one party per side', () => {
  it('hears each side alone: both talking at once, each side’s words under its own label, none twice', async () => {
    const engine = await loadMoonshine({ size: 'tiny' });
    const r = await transcribeFile(talkingAtOnce(), { engine });
    expect(r.sides).toBeDefined();
    const [left, right] = r.sides!;
    const textOf = (labels: string[]) =>
      r.segments
        .filter((s) => labels.includes(s.speaker))
        .map((s) => s.text)
        .join(' ')
        .toLowerCase();
    // one voice a side: one label each, and no label on both sides
    expect(left).toHaveLength(1);
    expect(right).toHaveLength(1);
    expect(left[0]).not.toBe(right[0]);
    expect(textOf(left)).toContain('americans');
    expect(textOf(left)).not.toContain('brunswick');
    expect(textOf(right)).toContain('brunswick');
    expect(textOf(right)).not.toContain('americans');
    expect(r.segments.every((s) => hasWord(s.text))).toBe(true);
    expect(r.segments.map((s) => s.startTime)).toEqual([...r.segments.map((s) => s.startTime)].sort((a, b) => a - b));
  }, 300_000);
});
