/**
 * Word error rate with light text normalisation, for tests and benchmarks of speech recognition.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** English words for a non-negative integer below one billion ("21" → "twenty one"). */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e9) return String(n);
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? ` ${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberToWords(n % 100)}` : ''}`;
  if (n < 1e6) return `${numberToWords(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${numberToWords(n % 1000)}` : ''}`;
  return `${numberToWords(Math.floor(n / 1e6))} million${n % 1e6 ? ` ${numberToWords(n % 1e6)}` : ''}`;
}

const ABBREVIATIONS: Record<string, string> = {
  mr: 'mister',
  mrs: 'missus',
  dr: 'doctor',
  st: 'saint',
  ok: 'okay',
};

/** Lower case, numbers spelled out, punctuation and hyphens dropped, common abbreviations expanded. */
export function normalizeText(text: string): string[] {
  let t = text.toLowerCase().normalize('NFKC');
  t = t.replace(/[\u2018\u2019\u02bc]/g, "'");
  t = t.replace(/(\d),(\d{3})\b/g, '$1$2'); // 1,000 -> 1000
  t = t.replace(/\d+(\.\d+)?%/g, (m) => `${m.slice(0, -1)} percent`);
  t = t.replace(/\d+\.\d+/g, (m) => {
    const [a, b] = m.split('.');
    return `${numberToWords(Number(a))} point ${[...b!].map((d) => ONES[Number(d)]).join(' ')}`;
  });
  t = t.replace(/\d+/g, (m) => ` ${numberToWords(Number(m))} `);
  t = t.replace(/[-\u2010-\u2015/]/g, ' ');
  t = t.replace(/'/g, ''); // it's -> its (both sides alike)
  t = t.replace(/[^\p{L}\p{N}\s]/gu, ' ');
  return t
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
}

/** Word-level edit distance between two token lists. */
export function editDistance(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/** Word error rate of `hypothesis` against `reference` after normalisation: (S + D + I) / N. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const r = normalizeText(reference);
  const h = normalizeText(hypothesis);
  if (r.length === 0) return h.length === 0 ? 0 : 1;
  return editDistance(r, h) / r.length;
}

/** Corpus-level WER: total edits over total reference words. */
export function corpusWordErrorRate(pairs: Array<{ reference: string; hypothesis: string }>): {
  wer: number;
  errors: number;
  words: number;
} {
  let errors = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const r = normalizeText(reference);
    errors += editDistance(r, normalizeText(hypothesis));
    words += r.length;
  }
  return { wer: words ? errors / words : 0, errors, words };
}

/** Hesitation fillers left out of the "without fillers" WER (AMI transcribes some, recognisers rarely do). */
export const FILLERS = new Set(['um', 'uh', 'hmm', 'mm', 'mhm']);

/** The text with filler words removed (after normalisation). */
export function withoutFillers(text: string): string {
  return normalizeText(text)
    .filter((w) => !FILLERS.has(w))
    .join(' ');
}
