import { z } from 'zod';
import { Id, success } from './common.ts';
import { LIMITS } from './limits.ts';

/** Labels are 'Speaker N' from the pipeline, or an imported transcript's names. */
const SPEAKER_LABEL_MAX = 100;

/** What a person's voice was learned from: meetings and seconds of speech (null: no voice known). */
export const VoiceProfile = z.object({ meetings: z.number().int().min(0), seconds: z.number().min(0) });
export type VoiceProfile = z.infer<typeof VoiceProfile>;

/** Where a name suggested for a speaker label comes from. */
export const SuggestionSource = z.enum(['voice', 'transcript']);
export type SuggestionSource = z.infer<typeof SuggestionSource>;

/** A sentence that names the speaker; startTime in milliseconds like the segments. */
export const SuggestionEvidence = z.object({ text: z.string(), startTime: z.number().min(0) });

/**
 * At most one per label: "Sounds like David Chen" (voice) or "Called David in the meeting" (transcript).
 * `personId` is null for a name said in the meeting that no person has yet ("Create person David").
 */
export const SpeakerSuggestion = z.object({
  speaker: z.string(),
  personId: Id.nullable(),
  name: z.string(),
  source: SuggestionSource,
  confidence: z.number().min(0).max(1),
  evidence: z.array(SuggestionEvidence),
});
export type SpeakerSuggestion = z.infer<typeof SpeakerSuggestion>;

export const SpeakerSuggestionsResponse = success(z.object({ suggestions: z.array(SpeakerSuggestion) }));

/** "Not them": this label is never suggested as this person (or this name) again. */
export const DismissSuggestionRequest = z.object({
  speaker: z
    .string({ error: 'Speaker is required' })
    .trim()
    .min(1, 'Speaker is required')
    .max(SPEAKER_LABEL_MAX, `Speaker must be at most ${SPEAKER_LABEL_MAX} characters`),
  personId: Id.nullable(),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.personName.max, `Name must be at most ${LIMITS.personName.max} characters`),
});
export type DismissSuggestionRequest = z.infer<typeof DismissSuggestionRequest>;

/** One segment's person (null gives the segment back to its label). */
export const SegmentSpeakerRequest = z.object({
  personId: Id.nullable(),
});
export type SegmentSpeakerRequest = z.infer<typeof SegmentSpeakerRequest>;
