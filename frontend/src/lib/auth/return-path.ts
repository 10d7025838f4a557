import type { Location } from 'react-router-dom';

/** What a page that needs a signed-in user hands /login (as the navigation's state): where to come back to. */
export interface SignInReturn {
  returnTo: string;
}

export function signInReturnOf({ pathname, search, hash }: Location): SignInReturn {
  return { returnTo: `${pathname}${search}${hash}` };
}

/**
 * Where sign-in goes on to: the page that asked for it, else the profile (spec section 4).
 * Only a path of this site: never another origin ('//host', 'https:').
 */
export function returnPathAfterSignIn(state: unknown): string {
  const returnTo = (state as Partial<SignInReturn> | null)?.returnTo;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//') && !returnTo.startsWith('/\\') ? returnTo : '/profile';
}
