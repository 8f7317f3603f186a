import {
  type CreatePersonRequest,
  Email,
  LIMITS,
  type Person,
  PersonName,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type UpdatePersonRequest,
} from '@parley/contract';
import { z } from 'zod';

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  facebook: 'Facebook',
  instagram: 'Instagram',
  github: 'GitHub',
};

const TEXT_FIELDS = ['email', 'phone', 'company', 'notes'] as const;

export interface PersonFormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  socialMedia: Record<SocialNetwork, string>;
}

const maxText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

/**
 * Spec section 5, Person: name 2-100 (required, judged after trimming), email optional in email
 * format, phone <= 20, company <= 100, notes <= 1000, five social links with no format check.
 */
export const PersonFormSchema = z.object({
  name: PersonName,
  email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), Email], { error: 'Please enter a valid email address' })),
  phone: maxText(LIMITS.personPhoneMax, 'Phone'),
  company: maxText(LIMITS.personCompanyMax, 'Company'),
  notes: maxText(LIMITS.personNotesMax, 'Notes'),
  socialMedia: z.object(
    Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, maxText(LIMITS.socialUrlMax, `${SOCIAL_LABELS[network]} link`)]),
    ) as Record<SocialNetwork, z.ZodString>,
  ),
});

export function emptyPersonForm(): PersonFormValues {
  return {
    name: '',
    email: '',
    phone: '',
    company: '',
    notes: '',
    socialMedia: { linkedin: '', twitter: '', facebook: '', instagram: '', github: '' },
  };
}

export function personToFormValues(person: Person): PersonFormValues {
  const values = emptyPersonForm();
  values.name = person.name ?? '';
  for (const field of TEXT_FIELDS) values[field] = person[field] ?? '';
  for (const network of SOCIAL_NETWORKS) values.socialMedia[network] = person.socialMedia?.[network] ?? '';
  return values;
}

/** Add: only non-blank fields, trimmed; socialMedia only when at least one link is set. */
export function buildCreatePersonPayload(values: PersonFormValues): CreatePersonRequest {
  const payload: CreatePersonRequest = { name: values.name.trim() };
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value) payload[field] = value;
  }
  const social: Partial<Record<SocialNetwork, string>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = values.socialMedia[network].trim();
    if (value) social[network] = value;
  }
  if (Object.keys(social).length > 0) payload.socialMedia = social;
  return payload;
}

/**
 * Edit: the server merges (omitted fields are kept, '' clears), so the payload holds the non-blank
 * trimmed fields plus '' for each field the user emptied; socialMedia only when a link is set or cleared.
 */
export function buildUpdatePersonPayload(values: PersonFormValues, original: Person): UpdatePersonRequest {
  const payload: UpdatePersonRequest = { name: values.name.trim() };
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value) payload[field] = value;
    else if (original[field]) payload[field] = '';
  }
  const social: Partial<Record<SocialNetwork, string>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = values.socialMedia[network].trim();
    if (value) social[network] = value;
    else if (original.socialMedia?.[network]) social[network] = '';
  }
  if (Object.keys(social).length > 0) payload.socialMedia = social;
  return payload;
}

const PROFILE_BASE: Record<SocialNetwork, string> = {
  linkedin: 'https://www.linkedin.com/in/',
  twitter: 'https://x.com/',
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  github: 'https://github.com/',
};

/**
 * Social links are stored as typed (no format check). For opening: http(s) links as they are, a bare
 * handle ('grace', '@grace') as that network's profile URL, anything else as https.
 */
export function socialHref(network: SocialNetwork, value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = trimmed.replace(/^@/, '');
  if (/^[\w.-]+$/.test(handle) && !handle.includes('.')) return `${PROFILE_BASE[network]}${handle}`;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
