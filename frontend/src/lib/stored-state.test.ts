import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredState, writeStoredState } from './stored-state';

function browserStorage(entries: Record<string, string> = {}): Map<string, string> {
  const stored = new Map(Object.entries(entries));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  return stored;
}

describe('stored state', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads what zustand persist wrote before, and writes the same shape', () => {
    const stored = browserStorage({ login: '{"state":{"loggedIn":true},"version":0}' });
    expect(readStoredState<{ loggedIn: boolean }>('login')).toEqual({ loggedIn: true });
    writeStoredState('login', { loggedIn: false });
    expect(JSON.parse(stored.get('login')!)).toEqual({ state: { loggedIn: false }, version: 0 });
  });

  it('reads nothing from a missing or broken entry, or with storage switched off', () => {
    browserStorage({ login: 'not json' });
    expect(readStoredState('login')).toBeUndefined();
    expect(readStoredState('queries')).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(readStoredState('login')).toBeUndefined();
    expect(() => writeStoredState('login', { loggedIn: true })).not.toThrow();
  });
});
