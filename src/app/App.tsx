import { lazy, Suspense, useEffect } from 'react';
import { authClient } from './auth/auth-client';
import { LoadingScreen } from './pages/LoadingScreen';
import { LandingPage } from './pages/LandingPage';
import { SignInPage } from './pages/SignInPage';
import { navigate, usePath } from './router';
import { FirstContactProvider } from './first-contact/FirstContactProvider';
import { paperPath } from './workspace/paper-route';
import { InvitePage } from './sharing/InvitePage';

const INVITE_PREFIX = '/invite/';
const PENDING_INVITE = 'scriptor.pendingInvite';

// Visitors load the landing page only; the workspace (editor, panes) loads after sign-in.
const Workspace = lazy(() =>
  import('./workspace/Workspace').then((module) => ({ default: module.Workspace })),
);

const openPaper = (id: string) => navigate(paperPath(id));

export function App() {
  const path = usePath();
  const { data: session, isPending } = authClient.useSession();

  const onSignInPage = path.startsWith('/auth/signin');
  const inviteToken = path.startsWith(INVITE_PREFIX) ? path.slice(INVITE_PREFIX.length) : null;
  useEffect(() => {
    // A signed-out visitor of an invitation link comes back to it after signing in.
    if (!isPending && !session && inviteToken) {
      window.sessionStorage.setItem(PENDING_INVITE, inviteToken);
      navigate('/auth/signin', { replace: true });
    }
    if (session && onSignInPage) {
      const pending = window.sessionStorage.getItem(PENDING_INVITE);
      window.sessionStorage.removeItem(PENDING_INVITE);
      navigate(pending ? `${INVITE_PREFIX}${pending}` : '/', { replace: true });
    }
  }, [session, isPending, onSignInPage, inviteToken]);

  if (isPending) return <LoadingScreen />;
  if (onSignInPage) return session ? <LoadingScreen /> : <SignInPage />;
  if (!session) {
    return (
      <FirstContactProvider>
        <LandingPage />
      </FirstContactProvider>
    );
  }
  if (inviteToken) return <InvitePage token={inviteToken} onOpenPaper={openPaper} />;
  return (
    <FirstContactProvider onOpenPaper={openPaper}>
      <Suspense fallback={<LoadingScreen />}>
        <Workspace user={session.user} />
      </Suspense>
    </FirstContactProvider>
  );
}
