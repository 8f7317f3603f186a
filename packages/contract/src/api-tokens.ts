import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';

/** `read` tokens may only read (GET); `write` tokens may do what the user can, except manage tokens or the password. */
export const ApiTokenScope = z.enum(['read', 'write']);
export type ApiTokenScope = z.infer<typeof ApiTokenScope>;

/** Every personal access token starts with this, so the auth plugin can tell it from a session token. */
export const API_TOKEN_PREFIX = 'pat_';

/** Tokens one user may keep; the list is always sent whole (decision 190). */
export const API_TOKENS_PER_USER = 50;

export const CreateApiTokenRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scope: ApiTokenScope,
  expiresAt: IsoDate.optional().refine((value) => !value || Date.parse(value) > Date.now(), {
    message: 'The expiry date must be in the future',
  }),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

export const ApiToken = z.object({
  _id: Id,
  name: z.string(),
  scope: ApiTokenScope,
  /** The first characters of the token, to tell tokens apart in the list. */
  prefix: z.string(),
  expiresAt: IsoDate.nullable(),
  lastUsedAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type ApiToken = z.infer<typeof ApiToken>;

/** The only reply that carries the token itself: it is stored hashed and never shown again. */
export const CreatedApiToken = ApiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const ApiTokenListResponse = success(z.object({ tokens: z.array(ApiToken) }));
export const CreateApiTokenResponse = success(CreatedApiToken);
