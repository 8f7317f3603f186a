/**
 * The calls bench's held-out cases (`npm run calls -w @parley/bench -- --held-out`): speech the dev
 * cases never used, to replay issue 38's independent check. Festival's voices (apt: festival
 * festvox-kallpc16k festvox-kdlpc16k festvox-us-slt-hts; the texts are what they say),
 * pocketsphinx-testdata's cards and goforward, AMI EN2006a/b, EN2009b and the EN2006 team (the layout
 * bench heard the cards and EN2009b, without recognition); at different levels, talking at once, one
 * side with long silences, and one same-room stereo file that must stay one mix. codec2's radio
 * amateurs (vk2tpm_004, david4) give no words uploaded alone: nothing to score.
 */
import { join } from 'node:path';
import { POCKETSPHINX_DIR } from '../packages/server/test/fixtures/audio.ts';
import { amiSide, type CallShape, festivalClip, rawClip, type Side, sequence } from './call-files.ts';

const SLT = [
  'Good morning everyone, thanks for joining the call.',
  'I wanted to go over the release plan for the mobile app.',
  'The testing team found three problems with the login screen last week.',
  'We fixed two of them, and the third one needs a change on the server.',
  'Can you tell me when the new version will be ready for the store?',
];
const KAL = [
  'The warehouse in Denver shipped four hundred boxes yesterday.',
  'Our delivery trucks were late because of the snow on the highway.',
  'I think we should order more packing material before the holidays.',
  'Please send me the invoice from the supplier by Friday afternoon.',
];
const KED = [
  'My flight lands at six in the evening, so I can meet you for dinner.',
  'The hotel is close to the station and the conference center.',
  'Bring the printed slides, because the projector in that room is old.',
];

export interface HeldOut {
  calls: Array<[Side, Side, CallShape]>;
  /** Ordinary stereo made of these sides: each must stay one mix. */
  sameRoom: Side[];
}

export function heldOutCases(dir: string, ami: string): HeldOut {
  const festival = (voice: string, lines: string[]) =>
    lines.map((text, i) => festivalClip(dir, voice, String(i), text));
  const cards = [1, 2, 3, 4, 5].map((n) => ({
    path: join(POCKETSPHINX_DIR, 'cards', `00${n}.wav`),
    text: [
      'ten of clubs',
      'four queen of clubs',
      'seven of clubs',
      'five five',
      'eight of spades four of clubs seven of hearts',
    ][n - 1]!,
  }));
  // a woman with long silences between her sentences
  const sltPauses = sequence(dir, 'festival-slt-pauses', festival('cmu_us_slt_arctic_hts', SLT), 6, true);
  const kal = sequence(dir, 'festival-kal', festival('kal_diphone', KAL), 0.8, true);
  const ked = sequence(dir, 'festival-ked', festival('ked_diphone', KED), 0.8, true);
  const kedPauses = sequence(dir, 'festival-ked-pauses', festival('ked_diphone', KED), 15, true);
  // two voices on one side, taking turns (a speakerphone)
  const sltKal = festival('cmu_us_slt_arctic_hts', SLT.slice(0, 3));
  const kalSlt = festival('kal_diphone', KAL.slice(0, 3));
  const speakerphone = sequence(
    dir,
    'festival-slt-kal',
    sltKal.flatMap((c, i) => [c, kalSlt[i]!]),
    0.6,
    false,
  );
  // the cards' reader, then goforward's (another voice)
  const sphinx = sequence(
    dir,
    'sphinx-cards-goforward',
    [...cards, rawClip(dir, join(POCKETSPHINX_DIR, 'goforward.raw'), 'go forward ten meters')],
    1.2,
    false,
  );
  const en2006a = amiSide(ami, 'ami-trn07-EN2006a');
  return {
    calls: [
      [sltPauses, en2006a, { bleedDb: -26, leftDb: -10 }],
      [amiSide(ami, 'ami-trn09-EN2009b'), kal, { bleedDb: -20, rightDb: -6, rightDelay: 5 }],
      [sphinx, ked, { bleedDb: -26 }],
      [amiSide(ami, 'ami-trn08-EN2006b'), speakerphone, { bleedDb: -30, rightDb: 4 }],
      [amiSide(ami, 'ami-EN2006-team'), kedPauses, { bleedDb: -26, leftDb: -6, rightDelay: 10 }],
      [kal, sltPauses, { bleedDb: -200, rightDb: -12 }],
    ],
    sameRoom: [en2006a],
  };
}
