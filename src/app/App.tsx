import { useEffect } from 'react';
import { authClient } from './auth/auth-client';
import { LoadingScreen } from './pages/LoadingScreen';
import { LandingPage } from './pages/LandingPage';
import { SignInPage } from './pages/SignInPage';
import { navigate, usePath } from './router';
import { Workspace } from './workspace/Workspace';

export function App() {
  const path = usePath();
  const { data: session, isPending } = authClient.useSession();

  const onSignInPage = path.startsWith('/auth/signin');
  useEffect(() => {
    if (session && onSignInPage) navigate('/', { replace: true });
  }, [session, onSignInPage]);

  if (isPending) return <LoadingScreen />;
  if (onSignInPage) return session ? <LoadingScreen /> : <SignInPage />;
  if (!session) return <LandingPage />;
  return <Workspace user={session.user} />;
}
