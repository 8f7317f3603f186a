import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER,
  type ApiTokenScope,
  type CreateApiTokenRequest,
} from '@parley/contract';
import { conflict, notFound, unauthorized } from '../lib/errors.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { presentApiToken } from '../presenters/index.ts';
import type { apiTokensRepository } from '../repositories/api-tokens.ts';
import type { usersRepository } from '../repositories/users.ts';

// Personal access tokens (docs/decisions/170). 256 random bits, so a plain SHA-256 is enough to store
// them: there is no password-sized space to search. Last use is written at most once a minute per token.
const LAST_USE_RESOLUTION_MS = 60_000;

interface Deps {
  apiTokens: ReturnType<typeof apiTokensRepository>;
  users: ReturnType<typeof usersRepository>;
}

export interface TokenAccess {
  userId: string;
  tokenId: string;
  scope: ApiTokenScope;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

export function apiTokensService({ apiTokens, users }: Deps) {
  return {
    list: async (userId: string) => (await apiTokens.listForUser(userId)).map(presentApiToken),

    async create(userId: string, input: CreateApiTokenRequest) {
      if ((await apiTokens.countForUser(userId)) >= API_TOKENS_PER_USER) {
        throw conflict(`You can keep at most ${API_TOKENS_PER_USER} API tokens`);
      }
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = {
        id: newId(),
        user_id: userId,
        name: input.name,
        scope: input.scope,
        token_hash: hashToken(token),
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
        expires_at: input.expiresAt ? new Date(input.expiresAt).toISOString() : null,
        last_used_at: null,
        created_at: nowIso(),
      };
      await apiTokens.insert(row);
      return { ...presentApiToken(row), token };
    },

    async revoke(userId: string, id: string) {
      if (!(await apiTokens.deleteForUser(userId, id))) throw notFound('Token');
    },

    /** A 401 unless the user's token `id` still exists and has not expired (an audio URL it asked for, decision 211). */
    async checkLive(userId: string, id: string) {
      const row = await apiTokens.findForUser(userId, id);
      if (!row || (row.expires_at && Date.parse(row.expires_at) <= Date.now())) {
        throw unauthorized('Invalid or expired authentication token');
      }
    },

    /** Who the token acts for and what it may do; a 401 when it is unknown, revoked or expired. */
    async authenticate(token: string): Promise<TokenAccess> {
      const row = await apiTokens.findByHash(hashToken(token));
      const now = Date.now();
      if (!row || (row.expires_at && Date.parse(row.expires_at) <= now)) {
        throw unauthorized('Invalid or expired authentication token');
      }
      const owner = await users.findById(row.user_id);
      // A disabled account's tokens stop with it (decision 221).
      if (!owner || owner.disabled) throw unauthorized('Invalid or expired authentication token');
      if (!row.last_used_at || now - Date.parse(row.last_used_at) >= LAST_USE_RESOLUTION_MS) {
        await apiTokens.touch(row.id, new Date(now).toISOString());
      }
      return { userId: row.user_id, tokenId: row.id, scope: row.scope as ApiTokenScope };
    },
  };
}

export type ApiTokensService = ReturnType<typeof apiTokensService>;
