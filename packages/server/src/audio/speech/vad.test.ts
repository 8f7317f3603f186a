import { describe, expect, it } from 'vitest';
import {
  fixtureTempDir,
  jfkWavPath,
  mixClips,
  POCKETSPHINX_DIR,
  speechFixtures,
  wavDuration,
} from '../../../test/fixtures/audio.ts';
import { decodePcmStream } from '../decoding/ffmpeg.ts';
import { SpeakerSegmentation } from './segmentation.ts';
import { PieceTracker, SileroVad, type SpeechPieceOptions, speechPieces } from './vad.ts';

async function* fromArray(x: Float32Array, chunk = 4000): AsyncGenerator<Float32Array> {
  for (let i = 0; i < x.length; i += chunk) yield x.slice(i, i + chunk);
}

describe('Silero VAD', () => {
  it('finds speech in real speech and none in silence or low noise', async () => {
    const vad = await SileroVad.load();
    const fx = speechFixtures().find((f) => f.id.endsWith('0870'))!;
    const pieces = [];
    for await (const p of speechPieces(decodePcmStream(fx.path), { vad })) pieces.push(p);
    expect(pieces.length).toBeGreaterThanOrEqual(1);
    const covered = pieces.reduce((s, p) => s + p.end - p.start, 0);
    expect(covered).toBeGreaterThan(0.7 * wavDuration(fx.path));
    for (const p of pieces) expect(p.samples.length).toBe(Math.round((p.end - p.start) * 16000));

    const silence = new Float32Array(16000 * 5);
    const noise = Float32Array.from(
      { length: 16000 * 5 },
      (_, i) => 0.003 * Math.sin(i * 12.9898) * Math.cos(i * 78.233),
    );
    for (const x of [silence, noise]) {
      const found = [];
      for await (const p of speechPieces(fromArray(x), { vad })) found.push(p);
      expect(found).toEqual([]);
    }
  });

  it('places pieces at the right times inside a longer recording', async () => {
    const vad = await SileroVad.load();
    const fx = speechFixtures().find((f) => f.id.endsWith('0880'))!; // ~3 s
    const speech: Float32Array[] = [];
    for await (const c of decodePcmStream(fx.path)) speech.push(c);
    const s = new Float32Array(speech.reduce((n, c) => n + c.length, 0));
    let k = 0;
    for (const c of speech) {
      s.set(c, k);
      k += c.length;
    }
    const gap = 16000 * 4;
    const all = new Float32Array(gap + s.length + gap);
    all.set(s, gap);
    const pieces = [];
    for await (const p of speechPieces(fromArray(all, 3000), { vad })) pieces.push(p);
    expect(pieces.length).toBe(1);
    expect(pieces[0]!.start).toBeGreaterThan(3.5);
    expect(pieces[0]!.start).toBeLessThan(4.6);
    expect(pieces[0]!.end).toBeLessThan(4 + s.length / 16000 + 0.6);
  });
});

describe('PieceTracker', () => {
  const run = (probs: number[], opts = {}) => {
    const t = new PieceTracker(opts);
    const out = probs.flatMap((p) => t.push(p));
    return [...out, ...t.finish()];
  };
  const frames = (seconds: number) => Math.round(seconds / 0.032);
  const speech = (s: number) => new Array<number>(frames(s)).fill(0.9);
  const quiet = (s: number) => new Array<number>(frames(s)).fill(0.02);

  it('cuts continuous speech into pieces no longer than the maximum, at the quietest point', () => {
    const probs = [...speech(13), 0.3, 0.2, 0.3, ...speech(20)]; // a dip (not a pause) at 13 s
    const pieces = run(probs, { maxPieceSeconds: 20 });
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    for (const p of pieces) expect((p.endFrame - p.startFrame) * 0.032).toBeLessThanOrEqual(20.01);
    expect(Math.abs(pieces[0]!.endFrame - frames(13) - 1)).toBeLessThanOrEqual(2);
    expect(pieces[0]!.cutEnd).toBe(true);
  });

  it('ends the rest of a piece cut at the maximum length where its speech ends, when the cut falls in a pause', () => {
    // a dip at 8 s, speech to 19.95 s, then quiet: the 20 s limit is reached on a quiet frame
    const probs = [...speech(8), 0.2, 0.2, ...speech(11.9), ...quiet(2)];
    const pieces = run(probs);
    expect(pieces.length).toBe(2);
    expect(pieces[1]!.endFrame).toBe(frames(8) + 2 + frames(11.9));
  });

  it('merges short bits across short pauses and splits at long pauses', () => {
    const probs = [
      ...speech(1),
      ...quiet(0.3),
      ...speech(1),
      ...quiet(0.3),
      ...speech(1.5),
      ...quiet(2),
      ...speech(4),
      ...quiet(0.6),
      ...speech(2),
    ];
    const pieces = run(probs, { minPieceSeconds: 3 });
    expect(pieces.length).toBe(3);
    expect((pieces[0]!.endFrame - pieces[0]!.startFrame) * 0.032).toBeGreaterThan(3.5);
    // by default pieces reach 6 s before a short pause ends them: the 4 s and 2 s bits go together
    const byDefault = run(probs);
    expect(byDefault.length).toBe(2);
    expect((byDefault[1]!.endFrame - byDefault[1]!.startFrame) * 0.032).toBeGreaterThan(6.5);
  });

  it('drops clicks shorter than the minimum speech', () => {
    expect(run([...quiet(1), 0.9, 0.9, ...quiet(3)])).toEqual([]);
  });

  describe('on a two-channel recording (the side each frame is clearly on)', () => {
    const runSides = (frames: Array<{ p: number; side: 0 | 1 | undefined }>, opts = {}) => {
      const t = new PieceTracker(opts);
      const out = frames.flatMap((f) => t.push(f.p, f.side));
      return [...out, ...t.finish()];
    };
    const on = (side: 0 | 1 | undefined, probs: number[]) => probs.map((p) => ({ p, side }));
    const pad = frames(0.2); // the default padding

    it('ends a piece where the other party takes over after a short pause, each keeping its padding', () => {
      // 2 s on the left, 0.6 s pause, 2 s on the right: too short to end a 6 s piece without sides
      const probs = [...speech(2), ...quiet(0.6), ...speech(2)];
      expect(run(probs).length).toBe(1);
      const pieces = runSides([...on(0, speech(2)), ...on(undefined, quiet(0.6)), ...on(1, speech(2))]);
      expect(pieces.length).toBe(2);
      const rightStarts = frames(2) + frames(0.6);
      expect(pieces[0]).toEqual({ startFrame: 0, endFrame: frames(2) + pad, cutStart: false, cutEnd: true });
      expect(pieces[1]!.startFrame).toBe(rightStarts - pad);
      expect(pieces[1]!.cutStart).toBe(true);
      expect(pieces[1]!.endFrame).toBe(probs.length);
    });

    it('cuts where the other side begins when the speech runs on across the change', () => {
      const pieces = runSides([...on(0, speech(3)), ...on(1, speech(3))]);
      expect(pieces.map((p) => [p.startFrame, p.endFrame])).toEqual([
        [0, frames(3)],
        [frames(3), 2 * frames(3)],
      ]);
    });

    it('keeps the side of a piece that ran over the maximum length and was cut', () => {
      // 20 s on the left, cut at the maximum length just as it ends, then the right party without a pause
      const pieces = runSides([...on(0, speech(20)), ...on(1, speech(2))]);
      expect(pieces.length).toBe(3);
      expect(pieces.at(-1)!.startFrame).toBe(frames(20));
      expect(pieces.at(-2)!.endFrame).toBe(frames(20));
    });

    it('lets a cough on the other line pass, and cuts at a real turn rather than at an old blip', () => {
      const cough = runSides([
        ...on(0, speech(2)),
        ...on(undefined, quiet(0.3)),
        ...on(1, speech(0.19)),
        ...on(undefined, quiet(0.3)),
        ...on(0, speech(2)),
      ]);
      expect(cough.length).toBe(1);
      // three frames on the right, 3 s of speech on neither side, then the right party's turn
      const late = runSides([
        ...on(0, speech(2)),
        ...on(1, speech(0.1)),
        ...on(undefined, speech(3)),
        ...on(1, speech(1)),
      ]);
      expect(late.length).toBe(2);
      expect(late[1]!.startFrame).toBeGreaterThanOrEqual(frames(5.1) - 3);
    });

    it('does not cut for a blip on the other side, for frames on neither side, or for ordinary stereo', () => {
      const blip = runSides([...on(0, speech(2)), ...on(1, speech(0.1)), ...on(0, speech(2))]);
      expect(blip.length).toBe(1);
      const unclear = runSides([...on(0, speech(2)), ...on(undefined, speech(2)), ...on(0, speech(1))]);
      expect(unclear.length).toBe(1);
      const probs = [...speech(2), ...quiet(0.6), ...speech(2)];
      expect(runSides(on(undefined, probs))).toEqual(run(probs));
    });
  });
});

describe('second voices beside Silero (the pipeline’s default path)', () => {
  // the LibriVox reader (7.1 s) with JFK starting over her 4 s in: 3 s of two voices at once
  const mixed = () =>
    mixClips(
      { speaker: 'librivox', path: `${POCKETSPHINX_DIR}/librivox/sense_and_sensibility_01_austen_64kb-0870.wav` },
      { speaker: 'jfk', path: jfkWavPath(), at: 4 },
      `${fixtureTempDir('parley-second-voice-')}/two-at-once.wav`,
    ).path;
  const secondVoices = async (path: string, overlapSpeech: SpeechPieceOptions['overlapSpeech']) => {
    const vad = await SileroVad.load();
    const seg = await SpeakerSegmentation.load();
    const out = [];
    for await (const p of speechPieces(seg.hearing(decodePcmStream(path)), { vad, besides: seg, overlapSpeech }))
      if (p.overlap) out.push(p);
    return out;
  };

  it('gives a second voice that will not be recognised its times only, and one that will its audio', async () => {
    const path = mixed();
    const unheard = await secondVoices(path, {});
    expect(unheard.length).toBeGreaterThan(0);
    for (const p of unheard) {
      expect(p.unheard).toBe(true);
      expect('samples' in p).toBe(false); // no copy of the audio is made
      expect(p.start).toBeGreaterThanOrEqual(4 - 0.5);
      expect(p.end).toBeLessThanOrEqual(7.1 + 0.5);
    }
    const heard = await secondVoices(path, { hear: true });
    // the same stretches, now with their audio
    expect(heard.map((p) => [p.start, p.end])).toEqual(unheard.map((p) => [p.start, p.end]));
    for (const p of heard) {
      expect(p.unheard).toBeUndefined();
      expect('samples' in p && p.samples.length).toBe(Math.round((p.end - p.start) * 16000));
    }
  });
});
