import { useEffect, useState } from 'react';

/** "2:00", "0:05": minutes and seconds of a resend countdown. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole seconds left of a `seconds`-long countdown that started at `startedAt` (ms), never above `seconds`. */
export function secondsLeft(startedAt: number | null, seconds: number, now: number): number {
  if (startedAt === null) return 0;
  return Math.min(seconds, Math.max(0, seconds - Math.floor((now - startedAt) / 1000)));
}

/** The seconds left of a countdown started at `startedAt`, re-rendering every second while mounted. */
export function useCountdown(startedAt: number | null, seconds: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return secondsLeft(startedAt, seconds, now);
}
