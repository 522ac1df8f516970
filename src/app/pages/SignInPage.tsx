import { useState, type FormEvent } from 'react';
import { authClient } from '../auth/auth-client';
import { authErrorMessage } from '../auth/auth-error-message';
import { navigate } from '../router';
import {
  MESSAGES,
  PASSWORD_RULES,
  emailProblem,
  signUpProblem,
} from '../../shared/auth/sign-up-rules';

type Mode = 'signin' | 'signup';

/** Where the landing page's 'Join' leads: the sign-in page (002 §1) with its sign-up form open. */
export const SIGN_UP_PATH = '/auth/signin?mode=signup';

function initialMode(): Mode {
  return new URLSearchParams(window.location.search).get('mode') === 'signup' ? 'signup' : 'signin';
}

export function SignInPage() {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The same rules the server applies, so a typo is named before anything is sent.
    const problem =
      mode === 'signup'
        ? signUpProblem({ name, email, password })
        : (emailProblem(email) ?? (password ? null : MESSAGES.passwordMissing));
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result =
      mode === 'signup'
        ? await authClient.signUp.email({ name: name.trim(), email: email.trim(), password })
        : await authClient.signIn.email({ email: email.trim(), password });
    setBusy(false);
    if (result.error) {
      setError(authErrorMessage(result.error));
      return;
    }
    navigate('/', { replace: true });
  }

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };

  return (
    <div className="auth-page">
      <button type="button" className="brand auth-brand" onClick={() => navigate('/')}>
        <span className="brand-mark" aria-hidden="true">
          S
        </span>
        Scriptor
      </button>
      <form className="auth-card" onSubmit={submit} noValidate>
        <h1>{mode === 'signin' ? 'Sign in' : 'Create your account'}</h1>
        <p className="muted">
          {mode === 'signin'
            ? 'Welcome back. Sign in to continue writing.'
            : 'Start writing papers grounded in real literature.'}
        </p>
        {mode === 'signup' && (
          <label className="field">
            <span>Name</span>
            <input
              name="name"
              autoComplete="name"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </label>
        )}
        <label className="field">
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            required
            minLength={8}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {mode === 'signup' && <small className="muted">{PASSWORD_RULES}</small>}
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary block" disabled={busy}>
          {busy ? 'Please wait…' : mode === 'signin' ? 'Sign in' : 'Create account'}
        </button>
        <p className="auth-switch">
          {mode === 'signin' ? (
            <>
              New to Scriptor?{' '}
              <button type="button" className="link-button" onClick={() => switchMode('signup')}>
                Create an account
              </button>
            </>
          ) : (
            <>
              Already have an account?{' '}
              <button type="button" className="link-button" onClick={() => switchMode('signin')}>
                Sign in
              </button>
            </>
          )}
        </p>
      </form>
    </div>
  );
}
