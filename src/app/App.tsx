import { lazy, Suspense, useEffect } from 'react';
import { authClient } from './auth/auth-client';
import { LoadingScreen } from './pages/LoadingScreen';
import { LandingPage } from './pages/LandingPage';
import { SignInPage } from './pages/SignInPage';
import { navigate, usePath } from './router';
import { FirstContactProvider } from './first-contact/FirstContactProvider';
import { paperPath } from './workspace/paper-route';

// Visitors load the landing page only; the workspace (editor, panes) loads after sign-in.
const Workspace = lazy(() =>
  import('./workspace/Workspace').then((module) => ({ default: module.Workspace })),
);

const openPaper = (id: string) => navigate(paperPath(id));

export function App() {
  const path = usePath();
  const { data: session, isPending } = authClient.useSession();

  const onSignInPage = path.startsWith('/auth/signin');
  useEffect(() => {
    if (session && onSignInPage) navigate('/', { replace: true });
  }, [session, onSignInPage]);

  if (isPending) return <LoadingScreen />;
  if (onSignInPage) return session ? <LoadingScreen /> : <SignInPage />;
  if (!session) {
    return (
      <FirstContactProvider>
        <LandingPage />
      </FirstContactProvider>
    );
  }
  return (
    <FirstContactProvider onOpenPaper={openPaper}>
      <Suspense fallback={<LoadingScreen />}>
        <Workspace user={session.user} />
      </Suspense>
    </FirstContactProvider>
  );
}
