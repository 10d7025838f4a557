import { create } from 'zustand';
import { readStoredState, writeStoredState } from '../stored-state';

const STORAGE_KEY = 'login';

interface LoginFlagState {
  /** This browser signed in and has not signed out: the session cookie is worth asking about. */
  loggedIn: boolean;
  setLoggedIn: (loggedIn: boolean) => void;
}

/**
 * The spec's local-storage login flag (section 4). The session itself lives in an httpOnly
 * cookie the page cannot read, so this flag is what tells a fresh page to fetch the user.
 */
export const useLoginFlag = create<LoginFlagState>()((set) => ({
  loggedIn: readStoredState<LoginFlagState>(STORAGE_KEY)?.loggedIn === true,
  setLoggedIn: (loggedIn) => {
    writeStoredState(STORAGE_KEY, { loggedIn });
    set({ loggedIn });
  },
}));
