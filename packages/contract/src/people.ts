import { z } from 'zod';
import { Email } from './auth.ts';
import { Id, IsoDate, Pagination, success } from './common.ts';
import { LIMITS } from './limits.ts';
import { VoiceProfile } from './speakers.ts';

const SOCIAL_KEYS = ['linkedin', 'twitter', 'facebook', 'instagram', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_KEYS)[number];
export const SOCIAL_NETWORKS = SOCIAL_KEYS;

export const PersonName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(LIMITS.personName.min, `Name must be at least ${LIMITS.personName.min} characters`)
  .max(LIMITS.personName.max, `Name must be at most ${LIMITS.personName.max} characters`);

/** Optional text: '' or null clears it on update; on create blank is the same as absent. */
const optionalText = (max: number, label: string) =>
  z
    .union([z.string().trim().max(max, `${label} must be at most ${max} characters`), z.null()])
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const optionalEmail = z
  .union([z.literal(''), z.null(), Email])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const socialUrl = optionalText(LIMITS.socialUrlMax, 'Social media link');

export const SocialMedia = z.object({
  linkedin: socialUrl,
  twitter: socialUrl,
  facebook: socialUrl,
  instagram: socialUrl,
  github: socialUrl,
});

export const PersonInput = z.object({
  name: PersonName,
  email: optionalEmail,
  phone: optionalText(LIMITS.personPhoneMax, 'Phone'),
  company: optionalText(LIMITS.personCompanyMax, 'Company'),
  notes: optionalText(LIMITS.personNotesMax, 'Notes'),
  socialMedia: z.union([SocialMedia, z.null()]).optional(),
});
export const CreatePersonRequest = PersonInput;
export type CreatePersonRequest = z.input<typeof CreatePersonRequest>;
/** PUT merges: fields left out are kept, '' or null clears a field. */
export const UpdatePersonRequest = PersonInput.partial();
export type UpdatePersonRequest = z.input<typeof UpdatePersonRequest>;

export const Person = z.object({
  _id: Id,
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  company: z.string().optional(),
  notes: z.string().optional(),
  socialMedia: z
    .object({
      linkedin: z.string().optional(),
      twitter: z.string().optional(),
      facebook: z.string().optional(),
      instagram: z.string().optional(),
      github: z.string().optional(),
    })
    .optional(),
  /** What Parley learned of the person's voice (docs/decisions/130); null when nothing. */
  voiceProfile: VoiceProfile.nullable().optional(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Person = z.infer<typeof Person>;

export const PersonResponse = success(Person);
export const PeopleListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(LIMITS.peoplePageSize),
  page: z.coerce.number().int().min(1).default(1),
});
export const PeopleListResponse = success(z.object({ people: z.array(Person), pagination: Pagination }));

export const PersonTranscriptionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.personTranscriptionPageSize),
  sort: z.enum(['createdAt', '-createdAt', 'startTime']).default('createdAt'),
  search: z.string().trim().max(200, 'Search query must be at most 200 characters').optional(),
});

/**
 * Someone a speaker or an action item of a project may be linked to (docs/decisions/266): one of the
 * caller's own contacts (`own`), or a contact of another member's that the project already names, shown
 * as its transcript shows it (name and company) and nothing more.
 */
export const ProjectPerson = z.object({
  _id: Id,
  name: z.string(),
  company: z.string().optional(),
  own: z.boolean(),
});
export type ProjectPerson = z.infer<typeof ProjectPerson>;
export const ProjectPeopleResponse = success(z.object({ people: z.array(ProjectPerson) }));

export const PeoplePage = PeopleListResponse.shape.data;
export type PeoplePage = z.infer<typeof PeopleListResponse.shape.data>;
