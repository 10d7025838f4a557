import { Outbox1763800000000 } from './1763800000000-outbox';
import { UsersAndSessions1763800100000 } from './1763800100000-users-and-sessions';
import { Catalogue1763800200000 } from './1763800200000-catalogue';

/** Every migration in order; listed explicitly so the same list works from sources and from the build. */
export const MIGRATIONS = [Outbox1763800000000, UsersAndSessions1763800100000, Catalogue1763800200000];
