// A summary template's sections, filled by what the extractive engine can build. It cannot follow a free
// instruction, so each heading is read for what it asks (decisions, risks, questions, per person ...) and
// a section it cannot build says so instead of holding something else.
import type { NotesTemplate } from '../templates.ts';
import { timestampLink } from '../time-format.ts';
import type { Sentence } from './text.ts';

export interface SectionBlocks {
  overview: string[];
  keyPoints: string[];
  decisions: string[];
  nextSteps: string[];
  /** Built only when a template asks for them. */
  perPerson: () => string[];
  questions: () => string[];
  risks: () => string[];
}

/** What a heading (and its instruction) asks for, by the words people use for it. */
const KINDS: Array<[keyof SectionBlocks, RegExp]> = [
  [
    'perPerson',
    /\b(?:per person|by person|each person|per participant|each participant|by speaker|per speaker|who said)\b/i,
  ],
  ['questions', /\bquestions?\b/i],
  ['risks', /\b(?:risks?|concerns?|issues?|problems?|blockers?|worries)\b/i],
  ['decisions', /\b(?:decisions?|decided|agreed|agreements?|conclusions?)\b/i],
  ['nextSteps', /\b(?:next steps?|action items?|actions|tasks?|to-?dos?|follow[- ]?ups?|owners?)\b/i],
  ['keyPoints', /\b(?:key points?|highlights?|discussion|main points?|points|notes|topics?|details)\b/i],
  ['overview', /\b(?:overview|summary|synopsis|about|purpose|context|background|recap|tl;?dr)\b/i],
];

const isDefault = (template: NotesTemplate) => template.name === 'Standard notes' && template.sections.length === 4;

export function renderTemplate(template: NotesTemplate, blocks: SectionBlocks): string {
  const lines: string[] = [];
  const unfilled: string[] = [];
  for (const section of template.sections) {
    const heading = section.heading.replace(/[\r\n]+/g, ' ').trim();
    const kind =
      KINDS.find(([, pattern]) => pattern.test(heading))?.[0] ??
      KINDS.find(([, pattern]) => pattern.test(section.instruction))?.[0];
    const block = kind ? blocks[kind] : null;
    const content = typeof block === 'function' ? block() : block;
    // The standard notes leave out an empty Decisions or Next steps, as they always have.
    if (content && content.length === 0 && isDefault(template)) continue;
    lines.push(`## ${heading}`, '');
    if (!content) {
      unfilled.push(heading);
      lines.push('_The builtin engine cannot write this section; an AI model (AI_ENGINE=openai) can._', '');
    } else if (content.length === 0) lines.push('_Nothing of this kind was found in the meeting._', '');
    else lines.push(...content, '');
  }
  if (unfilled.length > 0) {
    lines.push(`_Not filled by the builtin engine: ${unfilled.join(', ')}._`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Each speaker's two most central sentences, speakers by how much they said. */
export function perPerson(candidates: Sentence[], score: (i: number) => number): string[] {
  const bySpeaker = new Map<string, number[]>();
  candidates.forEach((s, i) => {
    bySpeaker.set(s.speaker, [...(bySpeaker.get(s.speaker) ?? []), i]);
  });
  const lines: string[] = [];
  for (const [speaker, indexes] of [...bySpeaker].sort((a, b) => b[1].length - a[1].length)) {
    const best = [...indexes]
      .sort((a, b) => score(b) - score(a))
      .slice(0, 2)
      .sort((a, b) => a - b);
    lines.push(`- **${speaker}**`);
    for (const i of best) lines.push(`  - (${timestampLink(candidates[i]!.startMs)}) ${candidates[i]!.text}`);
  }
  return lines;
}

/** Questions asked (a full question, not "Right?"), the most central first, shown in time order. */
export function openQuestions(candidates: Sentence[], score: (i: number) => number): Sentence[] {
  return top(candidates, score, (s) => s.text.trim().endsWith('?'));
}

const RISK =
  /\b(?:risks?|risky|concern(?:ed|s)?|worr(?:y|ied)|problems?|issues?|block(?:ed|er|ing)?|delay(?:ed|s)?|fail(?:s|ed|ing|ures?)?|danger|can't|cannot|won't work|too (?:expensive|late|slow))\b/i;

/** Sentences that name a risk, a problem or a worry. */
export function risks(candidates: Sentence[], score: (i: number) => number): Sentence[] {
  return top(candidates, score, (s) => RISK.test(s.text) && !s.text.trim().endsWith('?'));
}

function top(candidates: Sentence[], score: (i: number) => number, keep: (s: Sentence) => boolean): Sentence[] {
  return candidates
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => keep(s))
    .sort((a, b) => score(b.i) - score(a.i))
    .slice(0, 6)
    .sort((a, b) => a.s.startMs - b.s.startMs)
    .map(({ s }) => s);
}
