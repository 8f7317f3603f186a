import { MESSAGES } from '@parley/contract';
import { ApiError, CONNECTION_ERROR_MESSAGE } from '@/lib/api-client';

// Spec section 8, "Sign-in and authentication".

export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return CONNECTION_ERROR_MESSAGE;
  if (error.status === 401) return MESSAGES.invalidCredentials;
  return error.serverMessage ?? 'An error occurred during login';
}

export function registerErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return CONNECTION_ERROR_MESSAGE;
  if (error.status === 409) return error.serverMessage ?? 'An account with this email already exists';
  if (error.status === 403) return error.serverMessage ?? 'Registration is disabled';
  return error.serverMessage ?? 'An error occurred during registration';
}

export const MISSING_USER_MESSAGE = 'Failed to fetch user data';

export class MissingUserError extends Error {
  constructor() {
    super(MISSING_USER_MESSAGE);
    this.name = 'MissingUserError';
  }
}

export const INVALID_TOKEN_MESSAGE = 'Invalid or expired authentication token';

export function callbackErrorMessage(error: unknown): string {
  if (error instanceof MissingUserError) return MISSING_USER_MESSAGE;
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 401) return INVALID_TOKEN_MESSAGE;
    return error.serverMessage ?? 'Failed to complete authentication';
  }
  return 'An unexpected error occurred during authentication';
}
