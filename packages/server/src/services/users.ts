import { type LoginRequest, MESSAGES, type RegisterRequest } from '@parley/contract';
import type { Config } from '../config.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../lib/errors.ts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../lib/passwords.ts';
import { presentUser } from '../presenters/index.ts';
import { currentUsageMonth, type usageRepository } from '../repositories/usage.ts';
import type { UserRow, usersRepository } from '../repositories/users.ts';
import { formatWait, type LoginThrottle } from './login-throttle.ts';
import { ACCOUNT_DISABLED, type SessionsService } from './sessions.ts';

interface Deps {
  users: ReturnType<typeof usersRepository>;
  usage: ReturnType<typeof usageRepository>;
  sessions: SessionsService;
  throttle: LoginThrottle;
  config: Pick<Config, 'allowRegistration' | 'tier'>;
}

export function usersService({ users, usage, sessions, throttle, config }: Deps) {
  const limitsOf = (row: UserRow) => ({
    monthlyDuration: row.monthly_duration_limit ?? config.tier.monthlyDurationSeconds,
    maxFileSize: Number(row.max_file_size ?? config.tier.maxFileSizeBytes),
  });

  async function present(row: UserRow) {
    const month = currentUsageMonth();
    const duration = await usage.secondsInMonth(row.id, month);
    return presentUser(row, limitsOf(row), { duration, ...month });
  }

  async function createAccount(input: RegisterRequest, role?: 'admin') {
    if (await users.findByEmail(input.email)) throw conflict('An account with this email already exists');
    try {
      return await users.create({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        role,
      });
    } catch (error) {
      // Two registrations racing for one email: the unique index decides.
      if (await users.findByEmail(input.email)) throw conflict('An account with this email already exists');
      throw error;
    }
  }

  return {
    limitsOf,
    present,
    createAccount,

    async register(input: RegisterRequest, address: string) {
      if (!config.allowRegistration) throw forbidden('Registration is disabled on this server');
      // Counted before the email is looked up: a client can't make accounts, nor test emails, in bulk.
      const wait = await throttle.reserveRegistration(address);
      if (wait > 0) {
        throw tooManyRequests(`Too many sign-ups from this network. Try again in ${formatWait(wait)}.`, wait);
      }
      const row = await createAccount(input);
      return { token: await sessions.issue(row), user: await present(row) };
    },

    async login(input: LoginRequest, address: string) {
      // The attempt is counted before the password is checked, so concurrent guesses can't all get through.
      const attempt = await throttle.reserve(input.email, address);
      const wait = attempt.retryAfterSeconds;
      if (wait > 0) throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${formatWait(wait)}.`, wait);
      const row = await users.findByEmail(input.email);
      // Unknown accounts still pay for one hash, so response time doesn't reveal which emails exist.
      const ok = await verifyPassword(input.password, row?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!row?.password_hash || !ok) throw unauthorized(MESSAGES.invalidCredentials);
      await attempt.succeeded();
      // Said only to whoever knows the password, so it reveals nothing to a guesser.
      if (row.disabled) throw forbidden(ACCOUNT_DISABLED);
      return { token: await sessions.issue(row), user: await present(row) };
    },

    async me(userId: string) {
      const row = await users.findById(userId);
      if (!row) throw unauthorized('Your session is no longer valid. Please sign in again.');
      return present(row);
    },

    /**
     * An account made through an identity provider has no password: it sets its first one without a
     * current one. Ends every other session of the user; the one that asked (sessionId) stays signed in.
     * Deletes the user's personal access tokens too, unless asked to keep them (decision 212).
     */
    async changePassword(
      userId: string,
      sessionId: string | undefined,
      currentPassword: string | undefined,
      newPassword: string,
      options: { keepAccessTokens: boolean },
    ) {
      const row = await users.findById(userId);
      if (!row) throw notFound('User');
      if (row.password_hash && !currentPassword) {
        throw badRequest('Current password is required', [
          { path: 'currentPassword', message: 'Current password is required' },
        ]);
      }
      if (row.password_hash && !(await verifyPassword(currentPassword ?? '', row.password_hash))) {
        // 400, not 401: the session is fine, only the form's field is wrong.
        throw badRequest('Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      await users.changePassword(userId, await hashPassword(newPassword), sessionId ?? null, {
        deleteAccessTokens: !options.keepAccessTokens,
      });
    },

    /** What the upload path needs: the user's limits and what they have used this month. */
    async quota(userId: string) {
      const row = await users.findById(userId);
      if (!row) throw unauthorized();
      const limits = limitsOf(row);
      const used = await usage.secondsInMonth(userId, currentUsageMonth());
      return { ...limits, usedSeconds: used };
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
