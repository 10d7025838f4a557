import { Navigate } from 'react-router-dom';
import { SignInForm } from '../../features/account';
import { useSession } from '../../lib/auth';

/** `/login`; a browser already signed in goes on to its profile (the top bar shows the loader meanwhile). */
function LoginPage() {
  const { user, loading } = useSession();
  if (loading) return null;
  if (user) return <Navigate to="/profile" replace />;
  return <SignInForm />;
}

export { LoginPage as Component };
