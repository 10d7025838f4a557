import type { TelegramSignInRequest, TelegramSignInResponse } from '@market/contracts';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { replaceHeaderSession, setHeaderSessionToken } from '../../../lib/telegram-launch';
import { rawInitData } from '../launch-params';

/**
 * `POST /api/auth/telegram` with Telegram's initData (and, once the person shared their number, a
 * new account's name and consent): signed in (the session for the header, which replaces the
 * page's: the server ends the one the request carries; the page's requests wait for the new one
 * meanwhile), or a phone number is needed first.
 */
export function signInWithTelegram(details: Omit<TelegramSignInRequest, 'initData'>): Promise<TelegramSignInResponse> {
  const answered = api.post<TelegramSignInResponse>('/auth/telegram', { initData: rawInitData(), ...details }).then((answer) => {
    if (answer.status === 'signedIn') {
      setHeaderSessionToken(answer.session.token);
      startSession(queryClient, answer, { announce: false });
    }
    return answer;
  });
  replaceHeaderSession(answered);
  return answered;
}

let launch: Promise<TelegramSignInResponse> | undefined;

/**
 * The launch's sign-in, asked once per page: before the first render (prepareMiniApp), beside the
 * page's own code and data, so that the page usually draws signed in at once. Answered after the
 * first render, it re-rendered every part that shows the user (on a listing, its whole page): a
 * phone's longest task after the first paint. A person not yet known here is asked for their
 * number (`contactNeeded`, the shell's ContactRequest).
 */
export function launchSignIn(): Promise<TelegramSignInResponse> {
  launch ??= signInWithTelegram({});
  return launch;
}
