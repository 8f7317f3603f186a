import { z } from 'zod';
import { Id, IsoDate, success } from './common.ts';
import { LIMITS } from './limits.ts';

export const Email = z.email('Please enter a valid email address').trim().toLowerCase().max(LIMITS.personEmailMax);

export const LoginRequest = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(Email),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LIMITS.userNameMax, `Name must be at most ${LIMITS.userNameMax} characters`),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(Email),
  password: z
    .string({ error: 'Password is required' })
    .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Current password is required'),
  newPassword: RegisterRequest.shape.password,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * PUT /api/users/me/password: an account without a password (made through a provider) sets one without a
 * current one. The change ends the account's other sessions and deletes its personal access tokens, unless
 * `keepAccessTokens` is true (docs/decisions/212).
 */
export const PasswordUpdateRequest = ChangePasswordRequest.extend({
  currentPassword: z.string().optional(),
  keepAccessTokens: z.boolean({ error: 'keepAccessTokens must be true or false' }).optional(),
});
export type PasswordUpdateRequest = z.infer<typeof PasswordUpdateRequest>;

export const TierLimits = z.object({
  monthlyDuration: z.number().int().min(0),
  maxFileSize: z.number().int().min(0),
});

export const User = z.object({
  _id: Id,
  name: z.string(),
  email: z.string(),
  avatar: z.string().optional(),
  tier: z.object({ name: z.string(), limits: TierLimits }),
  currentMonthUsage: z.object({
    duration: z.number().min(0),
    month: z.number().int().min(1).max(12),
    year: z.number().int(),
  }),
  createdAt: IsoDate,
  /** 'admin' runs the instance (docs/decisions/221). */
  role: z.enum(['admin', 'user']),
  /** False for an account that signs in only through an identity provider (it may set a password). */
  hasPassword: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

export const LoginResponse = success(z.object({ token: z.string(), user: User }));
export type LoginResponse = z.infer<typeof LoginResponse>;

export const UserResponse = success(User);

export const AuthProvider = z.object({ id: z.string(), name: z.string(), url: z.string() });
export const ProvidersResponse = success(
  z.object({ providers: z.array(AuthProvider), registrationEnabled: z.boolean() }),
);
export type AuthProvider = z.infer<typeof AuthProvider>;

/** What sign-in and registration answer inside the envelope. */
export const Session = LoginResponse.shape.data;
export type Session = z.infer<typeof Session>;
export const AuthProviders = ProvidersResponse.shape.data;
export type AuthProviders = z.infer<typeof AuthProviders>;

/**
 * POST /auth/signin/exchange: the web app's sign-in landing trades the one-time code it was given (its
 * `token` query parameter) for a session token; the flow's cookie must come with it (decision 106).
 */
export const SignInExchangeRequest = z.object({
  code: z.string({ error: 'The sign-in code is required' }).min(1, 'The sign-in code is required').max(2000),
});
export type SignInExchangeRequest = z.infer<typeof SignInExchangeRequest>;
export const SignInExchangeResponse = success(z.object({ token: z.string() }));
export type SignInExchangeResponse = z.infer<typeof SignInExchangeResponse>;
