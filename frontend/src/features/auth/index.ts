/** The session: the one feature every other feature may import. */
export { useSession, useStartSession, type Session } from './hooks/use-session';
export { useLogout } from './api/logout';
