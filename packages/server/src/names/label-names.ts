/**
 * Names for speaker labels from what was said (docs/decisions/132): the mentions of names-said.ts,
 * matched to the user's people (match-name.ts), added up per label and name into one confidence.
 *
 * Each mention weighs by how surely its kind points at the label (a self-introduction names the
 * speaker; an answer after being addressed is most often, not always, the one addressed; thanks may go
 * to anyone who spoke before) times how well the name fits the person. Mentions of one name add up
 * (1 − Π(1 − w)); a name that points at several labels shares its confidence by the mentions each got.
 * Calibrated so that 0.5 is where a suggestion is shown: one self-introduction or one address by a
 * person's name passes; a sound-alike ("Pretty" for Priya) needs a second mention.
 */
import { matchName, type NamedPerson } from './match-name.ts';
import { type MentionKind, type NameMention, namesSaid, type SaidSegment } from './names-said.ts';

const KIND_WEIGHT: Record<MentionKind, number> = { introduced: 0.9, addressed: 0.75, thanked: 0.6 };
const MAX_EVIDENCE = 3;

export interface LabelName {
  speaker: string;
  personId: string | null;
  /** The person's name, or the name as said when no person has it. */
  name: string;
  confidence: number;
  evidence: Array<{ text: string; startTime: number }>;
}

/** Every (label, name) the transcript supports, most confident first. Segments in time order. */
export function labelNames(segments: readonly SaidSegment[], people: readonly NamedPerson[]): LabelName[] {
  const groups = new Map<
    string,
    { personId: string | null; name: string; byLabel: Map<string, NameMention[]>; weights: Map<NameMention, number> }
  >();
  for (const mention of namesSaid(segments)) {
    if (!mention.speaker) continue;
    const match = matchName(mention.name, people);
    // an ordinary word where a name could stand ("Pretty, what about...") counts only as a person's name
    if (!match && !mention.certain) continue;
    const key = match ? `person:${match.person.id}` : `name:${mention.name.toLowerCase()}`;
    const group = groups.get(key) ?? {
      personId: match?.person.id ?? null,
      name: match?.person.name ?? capitalise(mention.name),
      byLabel: new Map(),
      weights: new Map(),
    };
    groups.set(key, group);
    group.byLabel.set(mention.speaker, [...(group.byLabel.get(mention.speaker) ?? []), mention]);
    group.weights.set(mention, KIND_WEIGHT[mention.kind] * (match?.similarity ?? 1));
  }
  const out: LabelName[] = [];
  for (const group of groups.values()) {
    const total = [...group.byLabel.values()].reduce((n, ms) => n + ms.length, 0);
    for (const [speaker, mentions] of group.byLabel) {
      const alone = 1 - mentions.reduce((p, m) => p * (1 - group.weights.get(m)!), 1);
      const seen = new Set<number>();
      const evidence = mentions
        .filter((m) => !seen.has(m.segment) && seen.add(m.segment))
        .slice(0, MAX_EVIDENCE)
        .map((m) => ({ text: segments[m.segment]!.text, startTime: segments[m.segment]!.startTime }));
      out.push({
        speaker,
        personId: group.personId,
        name: group.name,
        confidence: (alone * mentions.length) / total,
        evidence,
      });
    }
  }
  return out.sort((a, b) => b.confidence - a.confidence);
}

const capitalise = (name: string) =>
  name.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());
