import { Navigate, useLocation } from 'react-router-dom';
import { SignInForm } from '../../features/account';
import { returnPathAfterSignIn, useSession } from '../../lib/auth';

/**
 * `/login`; a browser already signed in goes on to its profile, and one that has just signed
 * in to the page that sent it here (the top bar shows the loader meanwhile).
 */
function LoginPage() {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading) return null;
  if (user) return <Navigate to={returnPathAfterSignIn(location.state)} replace />;
  return <SignInForm />;
}

export { LoginPage as Component };
