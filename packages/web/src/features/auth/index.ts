export { SIGN_IN_CALLBACK_PATH, SignInCallback } from './components/SignInCallback';
export { SignInScreen } from './components/SignInScreen';
export { isNewAccount } from './lib/new-account';
