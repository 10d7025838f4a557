import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useCountdown } from './use-countdown';

/**
 * The wait a rate limit asked for (a 429 with `retryAfterSeconds`, such as the SMS limits'):
 * `refused(error)` starts counting it down and answers whether the error was such a refusal;
 * `secondsLeft` is what remains, 0 once the request may be sent again.
 */
export function useRetryAfter(): { secondsLeft: number; refused: (error: unknown) => boolean } {
  const [refusal, setRefusal] = useState<{ at: number; seconds: number } | null>(null);
  const secondsLeft = useCountdown(refusal?.at ?? null, refusal?.seconds ?? 0);
  const refused = (error: unknown) => {
    const seconds = error instanceof ApiError && error.status === 429 ? error.envelope?.retryAfterSeconds : undefined;
    if (seconds) setRefusal({ at: Date.now(), seconds });
    return Boolean(seconds);
  };
  return { secondsLeft, refused };
}
