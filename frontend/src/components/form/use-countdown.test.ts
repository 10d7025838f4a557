import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './use-countdown';

describe('resend countdown', () => {
  it('shows the time as the screen does, starting at 2:00', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('counts down from the moment the code was sent and stops at 0', () => {
    const sentAt = 1_000_000;
    expect(secondsLeft(sentAt, 120, sentAt - 900)).toBe(120);
    expect(secondsLeft(sentAt, 120, sentAt + 999)).toBe(120);
    expect(secondsLeft(sentAt, 120, sentAt + 1000)).toBe(119);
    expect(secondsLeft(sentAt, 120, sentAt + 120_000)).toBe(0);
    expect(secondsLeft(sentAt, 120, sentAt + 500_000)).toBe(0);
    expect(secondsLeft(null, 120, sentAt)).toBe(0);
  });
});
