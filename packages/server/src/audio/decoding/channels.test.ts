import { describe, expect, it } from 'vitest';
import { ChannelBalance, channelSides } from './channels.ts';

/** Interleaved stereo: a 200 Hz tone at amplitude `l` on the left and `r` on the right. */
function tone(seconds: number, l: number, r: number): Float32Array {
  const n = Math.round(seconds * 16000);
  const out = new Float32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const v = Math.sin((2 * Math.PI * 200 * i) / 16000);
    out[2 * i] = l * v;
    out[2 * i + 1] = r * v;
  }
  return out;
}

describe('ChannelBalance', () => {
  it('gives the mono mix (L + R) / 2 and each span’s left-over-right level', () => {
    const balance = new ChannelBalance();
    const first = balance.pushInterleaved(tone(1, 0.5, 0.05)); // left 20 dB up
    expect(first.length).toBe(16000);
    expect(first[100]).toBeCloseTo(((0.5 + 0.05) / 2) * Math.sin((2 * Math.PI * 200 * 100) / 16000), 6);
    balance.pushInterleaved(tone(1, 0.3, 0.3)); // both sides alike
    balance.pushInterleaved(tone(1, 0, 0.2)); // right only
    expect(balance.balanceDb(0.1, 0.9)).toBeCloseTo(20, 1);
    expect(balance.balanceDb(1.1, 1.9)).toBeCloseTo(0, 1);
    const rightOnly = balance.balanceDb(2.1, 2.9)!;
    expect(rightOnly).toBeLessThan(-60);
    expect(Number.isFinite(rightOnly)).toBe(true);
    // a span past the end, or one of pure silence, has no balance
    expect(balance.balanceDb(5, 6)).toBeUndefined();
    const silent = new ChannelBalance();
    silent.pushInterleaved(new Float32Array(32000));
    expect(silent.balanceDb(0, 1)).toBeUndefined();
  });

  it('keeps measuring across chunks of any size, over an hour’s worth of frames', () => {
    const balance = new ChannelBalance();
    for (let k = 0; k < 40; k++) balance.pushInterleaved(tone(0.0371, 0.1, 0.01)); // chunks that split frames
    expect(balance.balanceDb(0, 1.4)).toBeCloseTo(20, 1);
    const long = new ChannelBalance();
    const chunk = tone(10, 0.01, 0.1);
    for (let k = 0; k < 360; k++) long.pushInterleaved(chunk);
    expect(long.balanceDb(3590, 3599)).toBeCloseTo(-20, 1);
  });
});

describe('ChannelBalance.sideOfFrame', () => {
  it('names the side a 32 ms frame is clearly on, judged with the three frames before it', () => {
    const balance = new ChannelBalance();
    balance.pushInterleaved(tone(0.512, 0.5, 0.02)); // frames 0-15 on the left (28 dB)
    balance.pushInterleaved(tone(0.512, 0.02, 0.5)); // frames 16-31 on the right
    balance.pushInterleaved(tone(0.512, 0.3, 0.2)); // frames 32-47 alike (3.5 dB)
    expect(balance.sideOfFrame(10)).toBe(0);
    expect(balance.sideOfFrame(16)).toBeUndefined(); // three left frames and one right: not clear yet
    expect(balance.sideOfFrame(19)).toBe(1); // four right frames
    expect(balance.sideOfFrame(40)).toBeUndefined();
    expect(balance.sideOfFrame(40, 3)).toBe(0);
    expect(new ChannelBalance().sideOfFrame(0)).toBeUndefined();
  });
});

describe('channelSides', () => {
  const alternate = (n: number, db: number) => Array.from({ length: n }, (_, i) => (Math.floor(i / 5) % 2 ? -db : db));

  it('splits a call with one party per channel, a block going to its louder side', () => {
    const balances = [...alternate(40, 25), 3, -4];
    const sides = channelSides(balances)!;
    expect(sides).toBeDefined();
    expect([...sides.slice(0, 10)]).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    expect([...sides.slice(40)]).toEqual([0, 1]); // crosstalk: the louder side
    // a listener who says little (8 of 308 blocks) is still a party of their own
    expect(channelSides([...new Array<number>(300).fill(30), ...new Array<number>(8).fill(-30)])).toBeDefined();
  });

  it('does not split mono, ordinary stereo, or a recording with everything on one side', () => {
    expect(channelSides(new Array<number>(40).fill(0))).toBeUndefined();
    expect(channelSides(alternate(40, 6))).toBeUndefined(); // a stereo microphone: a few dB either way
    expect(channelSides(new Array<number>(40).fill(40))).toBeUndefined();
    // the other side says two words: too little to be a party of its own
    expect(channelSides([...new Array<number>(60).fill(30), -30, -30])).toBeUndefined();
    expect(channelSides([...new Array<number>(400).fill(30), ...new Array<number>(6).fill(-30)])).toBeUndefined();
  });

  it('does not split when the sides are clear for too few blocks, or when a block was not measured', () => {
    const muddled = [...alternate(20, 25), ...new Array<number>(10).fill(2)]; // a third of the speech on both sides
    expect(channelSides(muddled)).toBeUndefined();
    expect(channelSides([...alternate(40, 25), undefined])).toBeUndefined();
    expect(channelSides([])).toBeUndefined();
  });
});
