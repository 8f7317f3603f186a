/**
 * A call's near side holding a copy of the far side (a microphone hearing the loudspeaker, a call
 * recorder's sidetone) while its own party talks quietly over it: the side as heard must be its own
 * party, the copy taken out, not its quiet syllables silenced with the copy (decision 293).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFfmpeg, fixtureTempDir, jfkWavPath, POCKETSPHINX_DIR } from '../../../test/fixtures/audio.ts';
import { channelLayout } from './layout.ts';
import { decodeSides } from './sides.ts';
import { probeSource } from './source.ts';

const dir = fixtureTempDir('parley-sides-copy-');
const ffmpeg = fixtureFfmpeg();
/** Three of the LibriVox reader's sentences back to back: she talks all through JFK's 11 s. */
function nearParty(): string {
  const out = join(dir, 'near.wav');
  const clips = ['0870', '0880', '0890'].map((n) =>
    join(POCKETSPHINX_DIR, 'librivox', `sense_and_sensibility_01_austen_64kb-${n}.wav`),
  );
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', ...clips.flatMap((c) => ['-i', c])],
    '-filter_complex',
    '[0:a][1:a][2:a]concat=n=3:v=0:a=1[out]',
    ...['-map', '[out]', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_f32le', out],
  ]);
  return out;
}
const NEAR = nearParty();
// the near party 12 dB under the far one, who starts 3 s in; the far side's copy on the near side
// 20 dB under the far side; both sides 16 s long
const NEAR_CHAIN = 'aresample=16000,aformat=channel_layouts=mono,volume=-12dB,apad=whole_dur=16';
const FAR_CHAIN = 'aresample=16000,aformat=channel_layouts=mono,adelay=delays=3000:all=1,apad=whole_dur=16';

function decodeMono(path: string, chain: string): Float32Array {
  const out = execFileSync(ffmpeg, ['-v', 'error', '-i', path, '-af', chain, '-f', 'f32le', '-ac', '1', '-'], {
    maxBuffer: 1 << 28,
  });
  return new Float32Array(out.buffer, out.byteOffset, out.length / 4);
}

function callWithCopy(copyGain = 0.1): string {
  const out = join(dir, `copy-${copyGain}.wav`);
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', '-i', NEAR, '-i', jfkWavPath()],
    '-filter_complex',
    `[0:a]${NEAR_CHAIN}[n];[1:a]${FAR_CHAIN},asplit[f][fc];[fc]volume=${copyGain}[c];[n][c]amix=inputs=2:duration=longest:normalize=0[l];[l][f]join=inputs=2:channel_layout=stereo[out]`,
    ...['-map', '[out]', '-c:a', 'pcm_f32le', out],
  ]);
  return out;
}

async function heardSide(stream: AsyncIterable<Float32Array>): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  const all = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

describe('decodeSides on a call whose near side holds a copy of the far side', () => {
  it('hears the near party with the copy taken out, its quiet syllables kept', async () => {
    const path = callWithCopy();
    const judged = await channelLayout(path, undefined);
    expect(judged.layout).toBe('sides');
    const [left, right] = decodeSides(await probeSource(path), judged);
    const [heard] = await Promise.all([heardSide(left.pcm), heardSide(right.pcm)]);
    const near = decodeMono(NEAR, NEAR_CHAIN);
    const far = decodeMono(jfkWavPath(), FAR_CHAIN);
    // over the 32 ms frames where the near party speaks while the far side is louder
    let own = 0;
    let wrong = 0;
    let frames = 0;
    let silenced = 0;
    for (let a = 0; a + 512 <= near.length; a += 512) {
      let n = 0;
      let f = 0;
      let h = 0;
      let d = 0;
      for (let i = a; i < a + 512; i++) {
        n += near[i]! ** 2;
        f += (far[i] ?? 0) ** 2;
        h += heard[i]! ** 2;
        d += (heard[i]! - near[i]!) ** 2;
      }
      if (n < 512 * 1e-6 || f < n) continue;
      frames++;
      if (h === 0) silenced++;
      else {
        own += n;
        wrong += d;
      }
    }
    expect(frames).toBeGreaterThan(50);
    // the near party's words, not the copy: what is heard differs from them 20 dB or more down
    expect(10 * Math.log10(own / wrong)).toBeGreaterThan(20);
    expect(silenced / frames).toBeLessThan(0.05);
  });

  it('takes nothing out of a side that holds no copy of the other', async () => {
    const judged = await channelLayout(callWithCopy(0), undefined);
    expect(judged.layout).toBe('sides');
    expect(judged.copy).toEqual([0, 0]);
  });
});
