export { getMe, meQueryKey, meQueryOptions } from './api/get-me';
export { useAuthProviders } from './api/get-providers';
export { SIGN_IN_CALLBACK_PATH, SignInCallback } from './components/SignInCallback';
export { SignInScreen } from './components/SignInScreen';
export { AuthProvider, type AuthStatus, useAuth, useCurrentUser } from './hooks/auth-context';
export { isNewAccount } from './lib/new-account';
