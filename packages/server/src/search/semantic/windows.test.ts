import { describe, expect, it } from 'vitest';
import { embeddingWindows } from './windows.ts';

const segments = [
  { id: 'a', text: 'The budget is twelve euros and fifty cents per unit, all included.' },
  { id: 'b', text: 'Yes, exactly.' },
  { id: 'c', text: 'The case will be made of rubber so it survives a drop onto the floor.' },
];

describe('embedding windows', () => {
  it('embed a long segment alone and a short one with the segments around it', () => {
    const windows = embeddingWindows(segments, 'm');
    expect(windows.map((w) => w.text)).toEqual([
      segments[0]!.text,
      segments.map((s) => s.text).join('\n'),
      segments[2]!.text,
    ]);
  });

  it('change their hash when the text, a short segment’s neighbour or the model changes, and only then', () => {
    const first = embeddingWindows(segments, 'm');
    expect(embeddingWindows(segments, 'm').map((w) => w.hash)).toEqual(first.map((w) => w.hash));
    const edited = embeddingWindows([segments[0]!, segments[1]!, { id: 'c', text: 'Plastic it is.' }], 'm');
    expect(edited.map((w, i) => w.hash === first[i]!.hash)).toEqual([true, false, false]);
    expect(embeddingWindows(segments, 'other').every((w, i) => w.hash !== first[i]!.hash)).toBe(true);
  });
});
