// Extractive meeting summary: backchannels and fillers dropped, sentences ranked with LexRank, redundancy
// removed with MMR, and every point kept with its speaker and a link to its moment in the recording.

import { DEFAULT_TEMPLATE } from '../templates.ts';
import { formatTimestamp, timestampLink } from '../time-format.ts';
import type { ExtractedActionItem, NotesInput } from '../types.ts';
import { centroidSimilarity, lexRank, mmrSelect, tfidfVectors } from './rank.ts';
import { openQuestions, perPerson, renderTemplate, risks } from './summary-sections.ts';
import { capitalise, type Sentence, STOPWORDS, stem, toSentences, words } from './text.ts';

/** Sentences shorter than this (content words) are backchannels or fragments ("Okay, yeah."). */
const MIN_TERMS = 4;
const MAX_WORDS = 45;
/** The summary lists this many action items as next steps (all are in the Action items tab). */
const NEXT_STEPS = 8;
/** Relevance against novelty when picking points: lower favours covering more of the meeting. */
const MMR_LAMBDA = 0.6;
const WORD_RATIO = 0.025;
const DECISION =
  /\b(?:we(?:'ve| have)? decided|decision is|(?:we|i) agree(?:d)?|let's go (?:with|for)|we(?:'ll| will) (?:go|stick) with|we(?:'re| are) going (?:with|to go with|to use)|settled on|final(?:ly)? (?:decide|choose|go))\b/i;

export interface SummaryOptions {
  /** Words for the key points, grown with the meeting's length between these bounds. */
  minWords?: number;
  maxWords?: number;
  /** Key-point words as a share of the transcript's. */
  ratio?: number;
  /** MMR's weight of relevance against novelty. */
  lambda?: number;
}

export function buildSummary(
  input: NotesInput,
  actionItems: ExtractedActionItem[],
  options: SummaryOptions = {},
): string {
  const sentences = toSentences(input.segments);
  const candidates = boundCandidates(
    sentences.filter((s) => s.terms.length >= MIN_TERMS && words(s.text).length <= MAX_WORDS * 2),
  );
  if (candidates.length === 0) {
    return '## Overview\n\nThe transcript is too short to summarise: no full sentences were found.\n';
  }
  const vectors = tfidfVectors(candidates);
  const centrality = normalise(lexRank(vectors));
  const aboutness = normalise(centroidSimilarity(vectors));
  // Central to the discussion (LexRank) and to the meeting's main subject (centroid), equally; longer,
  // information-dense sentences carry more of a meeting (very long turns are trimmed when shown).
  const score = (i: number) =>
    (0.5 * centrality[i]! + 0.5 * aboutness[i]!) * Math.min(1, candidates[i]!.terms.length / 10) ** 0.5;

  const totalWords = sentences.reduce((sum, s) => sum + words(s.text).length, 0);
  const length = Math.min(
    options.maxWords ?? 220,
    Math.max(options.minWords ?? 90, totalWords * (options.ratio ?? WORD_RATIO)),
  );
  // The summary as a whole has the length: the next steps it lists take their words from the key points.
  const stepWords = actionItems.slice(0, NEXT_STEPS).reduce((sum, item) => sum + words(item.task).length, 0);
  const budget = Math.round(Math.max(length / 2, length - stepWords));
  let used = 0;
  const picked = mmrSelect(
    candidates.map((_, i) => i),
    score,
    vectors,
    (chosen, next) => {
      if (chosen.length > 0 && used >= budget) return false;
      used += Math.min(MAX_WORDS, words(tidy(candidates[next]!.text)).length);
      return true;
    },
    options.lambda ?? MMR_LAMBDA,
  );
  const keyPoints = [...picked, ...uncoveredSpeakers(candidates, picked, score, totalWords)]
    .map((i) => candidates[i]!)
    .sort((a, b) => a.startMs - b.startMs);
  const decisions = findDecisions(sentences, new Set(keyPoints.map((s) => s.index)));

  const nextSteps = actionItems.slice(0, NEXT_STEPS).map((item) => {
    const who = item.assignee ? `**${item.assignee}**: ` : '';
    const when = item.contextStartMs === null ? '' : ` (${timestampLink(item.contextStartMs)})`;
    return `- ${who}${item.task}${when}`;
  });
  return renderTemplate(input.template ?? DEFAULT_TEMPLATE, {
    overview: [overview(input, sentences)],
    keyPoints: keyPoints.map((s) => `- ${point(s)}`),
    decisions: decisions.map((s) => `- ${point(s)}`),
    nextSteps,
    perPerson: () => perPerson(candidates, score),
    questions: () => openQuestions(candidates, score).map((s) => `- ${point(s)}`),
    risks: () => risks(candidates, score).map((s) => `- ${point(s)}`),
  });
}

/**
 * At most this many sentences are ranked: five hours of talk have fewer, and the ranking's cost stays
 * bounded whatever a transcript holds (an import can carry 20,000 cues).
 */
export const MAX_CANDIDATES = 2000;

/** A sentence said again word for word adds nothing; past the cap, an even sample across the meeting. */
function boundCandidates(sentences: Sentence[]): Sentence[] {
  const seen = new Set<string>();
  const distinct = sentences.filter((s) => {
    const key = s.terms.join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (distinct.length <= MAX_CANDIDATES) return distinct;
  return Array.from(
    { length: MAX_CANDIDATES },
    (_, i) => distinct[Math.floor((i * distinct.length) / MAX_CANDIDATES)]!,
  );
}

/** A speaker with this share of the words contributed something substantial and appears in the key points. */
const SUBSTANTIAL_SHARE = 0.08;

/** The best point of each substantial speaker the ranking left out (a short update is still theirs to report). */
function uncoveredSpeakers(
  candidates: Sentence[],
  picked: number[],
  score: (i: number) => number,
  totalWords: number,
): number[] {
  const spoken = new Map<string, number>();
  for (const s of candidates) spoken.set(s.speaker, (spoken.get(s.speaker) ?? 0) + words(s.text).length);
  const covered = new Set(picked.map((i) => candidates[i]!.speaker));
  const added: number[] = [];
  for (const [speaker, count] of spoken) {
    if (covered.has(speaker) || count < SUBSTANTIAL_SHARE * totalWords) continue;
    let best = -1;
    candidates.forEach((s, i) => {
      if (s.speaker === speaker && (best < 0 || score(i) > score(best))) best = i;
    });
    if (best >= 0) added.push(best);
  }
  return added;
}

function normalise(values: number[]): number[] {
  const max = values.reduce((a, b) => Math.max(a, b), 0);
  return max > 0 ? values.map((v) => v / max) : values.map(() => 0);
}

function point(s: Sentence): string {
  return `**${s.speaker}** (${timestampLink(s.startMs)}): ${trimWords(tidy(s.text), MAX_WORDS)}`;
}

/** Words that open a spoken sentence and carry nothing in writing: "Okay, so, well, ...". */
const OPENING_MARKERS =
  /^(?:(?:okay|ok|so|well|right|yeah|yes|alright|and|but|um|actually|basically|anyway|now)\b[,.]?\s+)+/i;
/** Hedges and intensifiers of speech, dropped from a point as fillers are. */
const SPOKEN_HEDGES = /\b(?:i think|i guess|i suppose|actually|basically|really|just|obviously|literally)\b,?\s*/gi;

/** "we can use we can use", "if we're gonna if we're gonna": a phrase said twice while thinking. */
const REPEATED_PHRASE = /\b((?:[\w']+\s+){1,3}[\w']+)\s+\1\b/gi;

/** A sentence as a point to read: without the words that only speech needs. */
function tidy(text: string): string {
  const tidied = text
    .replace(OPENING_MARKERS, '')
    .replace(SPOKEN_HEDGES, '')
    .replace(REPEATED_PHRASE, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return tidied.length > 0 ? capitalise(tidied) : text;
}

function trimWords(text: string, max: number): string {
  const parts = text.split(/\s+/);
  return parts.length <= max ? text : `${parts.slice(0, max).join(' ')}...`;
}

function findDecisions(sentences: Sentence[], exclude: Set<number>): Sentence[] {
  const found = sentences.filter(
    (s) => !exclude.has(s.index) && s.terms.length >= 3 && DECISION.test(s.text) && !s.text.endsWith('?'),
  );
  return found.slice(0, 6);
}

/** Who spoke, for how long, and the words the meeting kept returning to. */
function overview(input: NotesInput, sentences: Sentence[]): string {
  const talk = new Map<string, number>();
  for (const s of sentences) talk.set(s.speaker, (talk.get(s.speaker) ?? 0) + words(s.text).length);
  const speakers = [...talk.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  // The meeting's length is its recording's, not where its last words end.
  const length = formatTimestamp(input.durationMs ?? input.segments.at(-1)?.endMs ?? 0);
  const topics = topicPhrases(sentences, 6);
  const who = speakers.length === 1 ? speakers[0] : `${speakers.slice(0, -1).join(', ')} and ${speakers.at(-1)}`;
  const title = input.title ? `"${input.title}"` : 'The meeting';
  return `${title} (${length}) with ${who}.${topics.length ? ` Main topics: ${topics.join(', ')}.` : ''}`;
}

/** Words frequent in any conversation, never a topic: judgements, talk about talk, counting and times of day. */
const GENERIC = new Set(
  `good idea people time sorry yeah okay well fine nice great little fact point question sure able okay kind sort talk
talking said going done doing thinking things stuff means probably important different whole start next last first
second three four five morning afternoon evening tonight today tomorrow yesterday week weeks month monday tuesday
wednesday thursday friday weekend update updates thanks everyone`.split(/\s+/),
);
/**
 * Words that do the talking's social work and name nothing: politeness formulas, greetings, interjections
 * and answers (a closed class of speech, like the stopwords, not a list of a meeting's words).
 */
const SOCIAL_WORDS = new Set(
  `please thank thanks thankyou sorry excuse pardon welcome hello hi hey bye goodbye cheers hmm uh huh uhm erm
ah oh wow yep yup nope nah alright okay ok yeah yes no right cool awesome absolutely definitely exactly totally
indeed certainly perfect lovely brilliant`.split(/\s+/),
);

/** A word used as a verb somewhere in the meeting ("to send", "I'll mail") names an action, not a subject. */
const BEFORE_A_VERB = new Set("to will 'll can could should would must i we you they please don't let's".split(' '));

/** Frequent content words and two-word phrases, phrases first when they recur. */
function topicPhrases(sentences: Sentence[], count: number): string[] {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  const verbs = new Set<string>();
  const sayers = new Map<string, Set<string>>();
  for (const s of sentences) {
    const tokens = words(s.text);
    tokens.forEach((token, i) => {
      const before = tokens[i - 1];
      if (before && (BEFORE_A_VERB.has(before) || before.endsWith("'ll"))) verbs.add(token);
      if (!sayers.has(token)) sayers.set(token, new Set());
      sayers.get(token)!.add(s.speaker);
      if (token.length < 4 || STOPWORDS.has(token) || GENERIC.has(token) || SOCIAL_WORDS.has(token)) return;
      unigrams.set(token, (unigrams.get(token) ?? 0) + 1);
      const next = tokens[i + 1];
      if (next && next.length >= 4 && !STOPWORDS.has(next) && !GENERIC.has(next) && !SOCIAL_WORDS.has(next)) {
        const phrase = `${token} ${next}`;
        bigrams.set(phrase, (bigrams.get(phrase) ?? 0) + 1);
      }
    });
  }
  const speakerWords = new Set(sentences.flatMap((s) => words(s.speaker)));
  const phrases = [...bigrams.entries()].filter(([, n]) => n >= 3).sort((a, b) => b[1] - a[1]);
  const topics: string[] = [];
  const covered = new Set<string>();
  for (const [phrase] of phrases) {
    if (topics.length >= Math.ceil(count / 2)) break;
    const parts = phrase.split(' ');
    if (parts.some((p) => speakerWords.has(p)) || parts.every((p) => covered.has(stem(p)))) continue;
    topics.push(phrase);
    for (const p of parts) covered.add(stem(p));
  }
  const speakers = new Set(sentences.map((s) => s.speaker)).size;
  for (const [word, n] of [...unigrams.entries()].sort((a, b) => b[1] - a[1])) {
    if (topics.length >= count || n < 3) break;
    if (covered.has(stem(word)) || speakerWords.has(word) || verbs.has(word)) continue;
    // A subject of the meeting is taken up by more than one person.
    if (speakers > 1 && (sayers.get(word)?.size ?? 0) < 2) continue;
    topics.push(word);
    covered.add(stem(word));
  }
  return topics;
}
