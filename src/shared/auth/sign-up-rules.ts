import { z } from 'zod/mini';

/**
 * What a new account needs, checked the same way by the sign-up form (before anything is
 * sent) and by the server (which also refuses the most common passwords, a list too large to
 * ship to every browser).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** Shown under the password field before the user submits. */
export const PASSWORD_RULES =
  'At least 8 characters. Common passwords and your e-mail address are not accepted.';

export const MESSAGES = {
  nameMissing: 'Please enter your name',
  nameTooLong: `Please shorten your name to ${NAME_MAX_LENGTH} characters or fewer`,
  emailInvalid: 'Please enter a valid e-mail address',
  passwordMissing: 'Please enter your password',
  passwordTooShort: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordIsEmail: 'Please choose a password that is not your e-mail address',
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
} as const;

const emailFormat = z.email();

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return MESSAGES.nameMissing;
  if (trimmed.length > NAME_MAX_LENGTH) return MESSAGES.nameTooLong;
  return null;
}

export function emailProblem(email: string): string | null {
  return emailFormat.safeParse(email.trim()).success ? null : MESSAGES.emailInvalid;
}

export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  const lowered = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (lowered === address || lowered === localPart) return MESSAGES.passwordIsEmail;
  return null;
}

/** The first problem of a sign-up form, in the order the fields appear. */
export function signUpProblem(input: { name: string; email: string; password: string }) {
  return (
    nameProblem(input.name) ??
    emailProblem(input.email) ??
    passwordProblem(input.password, input.email)
  );
}
