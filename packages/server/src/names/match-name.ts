/**
 * Which of the user's people a name said in a meeting refers to. Recognition spells names by ear
 * ("Pretty" for Priya, "Shawn" for Sean), so besides the spelling the match listens to the sound:
 * Double Metaphone codes equal, or one code a near miss of the other (one sound added, dropped or
 * changed after the same first sound). A name that fits two people equally well matches neither.
 */
import { doubleMetaphone } from 'double-metaphone';

export interface NamedPerson {
  id: string;
  name: string;
}

export interface NameMatch<P extends NamedPerson = NamedPerson> {
  person: P;
  /** How sure the match is, 0..1: 1 same spelling, 0.9 one letter off, 0.8 same sound, 0.6 near sound. */
  similarity: number;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\s'-]/gu, '')
    .trim();

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** Similarity of one said word to one word of a person's name (both folded). */
function wordSimilarity(said: string, own: string): number {
  if (said === own) return 1;
  if (Math.min(said.length, own.length) >= 4 && editDistance(said, own) <= 1) return 0.9;
  const codesSaid = doubleMetaphone(said).filter(Boolean);
  const codesOwn = doubleMetaphone(own).filter(Boolean);
  let best = 0;
  for (const a of codesSaid) {
    for (const b of codesOwn) {
      if (a === b && a.length >= 2) best = Math.max(best, 0.8);
      else if (a[0] === b[0] && Math.min(a.length, b.length) >= 2 && editDistance(a, b) <= 1)
        best = Math.max(best, 0.6);
    }
  }
  return best;
}

/** How well a said name ("David", "David Chen", "Pretty") fits a person's name, 0..1. */
export function nameSimilarity(said: string, personName: string): number {
  const saidWords = fold(said).split(/\s+/).filter(Boolean);
  const ownWords = fold(personName).split(/\s+/).filter(Boolean);
  if (saidWords.length === 0 || ownWords.length === 0) return 0;
  if (saidWords.length === 1) {
    // a single word is a first name (or a last name said alone, a little less likely)
    const first = wordSimilarity(saidWords[0]!, ownWords[0]!);
    const others = ownWords.slice(1).map((w) => 0.9 * wordSimilarity(saidWords[0]!, w));
    return Math.max(first, ...others);
  }
  // several words: each said word must fit the name word in the same place
  let total = 0;
  for (let k = 0; k < saidWords.length; k++) {
    const own = ownWords[k];
    if (!own) return 0;
    total += wordSimilarity(saidWords[k]!, own);
  }
  return total / saidWords.length;
}

/** The one person a said name fits best (at least a near sound), or null when none or two fit as well. */
export function matchName<P extends NamedPerson>(said: string, people: readonly P[]): NameMatch<P> | null {
  let best: NameMatch<P> | null = null;
  let tie = false;
  for (const person of people) {
    const similarity = nameSimilarity(said, person.name);
    if (similarity < 0.6) continue;
    if (!best || similarity > best.similarity) {
      best = { person, similarity };
      tie = false;
    } else if (similarity === best.similarity) tie = true;
  }
  return tie ? null : best;
}
