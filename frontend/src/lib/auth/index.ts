/**
 * The session (spec section 4): who is signed in, and signing in. Shared infrastructure rather
 * than a feature, since most features read the signed-in user; the sign-in and registration
 * screens are the account feature's. Sign-out is imported from './logout' directly, so that
 * its code loads with the user menu rather than on every visitor's first page.
 */
export { SIGN_IN_ACTION, startSession, useSession, useStartSession, type Session } from './session';
export { returnPathAfterSignIn, signInReturnOf } from './return-path';
