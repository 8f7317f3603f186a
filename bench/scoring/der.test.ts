import { describe, expect, it } from 'vitest';
import { bestMapping, diarizationErrorRate } from './der.ts';

const t = (speaker: string, start: number, end: number) => ({ speaker, start, end });

describe('diarizationErrorRate', () => {
  it('is zero for a perfect hypothesis with other names', () => {
    const r = diarizationErrorRate([t('A', 0, 10), t('B', 10, 20)], [t('x', 0, 10), t('y', 10, 20)]);
    expect(r.der).toBeCloseTo(0, 6);
    expect(r.mapping).toEqual({ A: 'x', B: 'y' });
  });

  it('counts missed speech, false alarm and confusion outside the collar', () => {
    // ref: A 0-10, B 10-20. hyp: x 0-5 only (A 5-10 missed), y 10-20 wrongly also 20-25 (false alarm)
    const r = diarizationErrorRate([t('A', 0, 10), t('B', 10, 20)], [t('x', 0, 5), t('y', 10, 25)], { collar: 0 });
    expect(r.total).toBeCloseTo(20, 2);
    expect(r.miss).toBeCloseTo(5, 2);
    expect(r.falseAlarm).toBeCloseTo(5, 2);
    expect(r.confusion).toBeCloseTo(0, 2);
    expect(r.der).toBeCloseTo(0.5, 3);
  });

  it('calls one label for two people confusion for the smaller one', () => {
    const r = diarizationErrorRate([t('A', 0, 12), t('B', 12, 20)], [t('x', 0, 20)], { collar: 0 });
    expect(r.confusion).toBeCloseTo(8, 2);
    expect(r.der).toBeCloseTo(0.4, 3);
  });

  it('does not score the collar around reference boundaries', () => {
    // hypothesis boundary 0.2 s late: inside a 0.25 s collar it costs nothing
    const ref = [t('A', 0, 10), t('B', 10, 20)];
    const hyp = [t('x', 0, 10.2), t('y', 10.2, 20)];
    expect(diarizationErrorRate(ref, hyp).der).toBeCloseTo(0, 6);
    expect(diarizationErrorRate(ref, hyp, { collar: 0 }).confusion).toBeCloseTo(0.2, 2);
    // unscored: 0-0.25, 9.75-10.25 (the shared boundary once), 19.75-20
    expect(diarizationErrorRate(ref, hyp).total).toBeCloseTo(19, 2);
  });

  it('scores overlapping speech once per speaker', () => {
    // A and B overlap 4-6; hypothesis has only x for A: B's overlap part is missed
    const r = diarizationErrorRate([t('A', 0, 6), t('B', 4, 10)], [t('x', 0, 6), t('y', 6, 10)], { collar: 0 });
    expect(r.total).toBeCloseTo(12, 2);
    expect(r.miss).toBeCloseTo(2, 2);
    expect(r.confusion).toBeCloseTo(0, 2);
  });

  it('maps speakers one to one, even when one hypothesis speaker covers two', () => {
    // x covers A and B; only one of them may map to x
    const r = diarizationErrorRate([t('A', 0, 10), t('B', 10, 14)], [t('x', 0, 14)], { collar: 0 });
    expect(r.mapping).toEqual({ A: 'x' });
    expect(r.confusion).toBeCloseTo(4, 2);
  });
});

describe('bestMapping', () => {
  it('finds the optimum where the greedy choice is wrong', () => {
    // greedy takes (0,0)=10 then (1,1)=1: 11; optimum (0,1)=9 + (1,0)=9: 18
    expect(
      bestMapping(
        [
          [10, 9],
          [9, 1],
        ],
        2,
      ),
    ).toEqual([1, 0]);
  });
});
