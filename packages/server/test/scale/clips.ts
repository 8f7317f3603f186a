// The real speech the scale test and the jobs benchmark upload: five short clips of different voices
// and recordings (LibriVox, JFK, a Harvard sentence over a radio codec, a "cards" clip), 3.5 to 11 s,
// so twenty transcriptions fit in a couple of minutes on two shared cores.
import { speechFixtures, wavDuration } from '../fixtures/audio.ts';

export interface ScaleClip {
  id: string;
  path: string;
  seconds: number;
}

const WANTED = [
  'jfk',
  'sense_and_sensibility_01_austen_64kb-0870',
  'sense_and_sensibility_01_austen_64kb-0890',
  'mmt1',
  'cards-005',
];

function scaleClips(): ScaleClip[] {
  const fixtures = speechFixtures();
  return WANTED.map((id) => {
    const fixture = fixtures.find((f) => f.id === id);
    if (!fixture) throw new Error(`speech fixture ${id} is missing (see test/fixtures/audio.ts)`);
    return { id, path: fixture.path, seconds: wavDuration(fixture.path) };
  });
}

export const SCALE_CLIPS = scaleClips();
