import { Navigate } from 'react-router-dom';
import { startAppPath } from '@market/contracts';
import { startTarget } from '../launch-params';

/**
 * The Mini App's entry page (MINI_APP_PATH, the URL registered with BotFather): moves on, in place,
 * to what the link's `startapp` names (a listing, a conversation, the saved searches) or home.
 */
export function MiniAppEntry() {
  return <Navigate replace to={startAppPath(startTarget())} />;
}
