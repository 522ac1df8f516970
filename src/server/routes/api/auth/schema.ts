import { z } from 'zod';
import {
  MESSAGES,
  emailProblem,
  nameProblem,
  passwordProblem,
} from '../../../../shared/auth/sign-up-rules';
import { isCommonPassword } from '../../../auth/passwords/common-passwords';

/** A shared rule as a zod check, so its plain message becomes the 400's error. */
const checked = (problem: (value: string) => string | null) =>
  z.string().superRefine((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });

const email = z
  .string({ message: MESSAGES.emailInvalid })
  .pipe(checked(emailProblem))
  .transform((value) => value.trim().toLowerCase());

/**
 * Sign-up is checked here before better-auth sees it, so every refusal is a plain sentence
 * (better-auth's own would read '[body.email] Invalid email address'). Only the fields the
 * form sends are passed on.
 */
export const signUpBody = z
  .object(
    {
      name: z
        .string({ message: MESSAGES.nameMissing })
        .pipe(checked(nameProblem))
        .transform((value) => value.trim()),
      email,
      password: z.string({ message: MESSAGES.passwordTooShort }),
    },
    { message: 'Invalid request' },
  )
  .superRefine((body, context) => {
    const message = newPasswordProblem(body.password, body.email);
    if (message) context.addIssue({ code: 'custom', path: ['password'], message });
  });

/** The shared rules plus the common-password list, which only the server has. */
function newPasswordProblem(password: string, email: string): string | null {
  return (
    passwordProblem(password, email) ??
    (isCommonPassword(password) ? MESSAGES.passwordTooCommon : null)
  );
}

/** A signed-in user's new password obeys the sign-up rules; `email` is the account's. */
export const changePasswordBody = (email: string) =>
  z
    .object(
      {
        newPassword: z.string({ message: MESSAGES.passwordTooShort }),
        currentPassword: z.string({ message: MESSAGES.passwordMissing }),
        revokeOtherSessions: z.boolean().optional(),
      },
      { message: 'Invalid request' },
    )
    .superRefine((body, context) => {
      const message = newPasswordProblem(body.newPassword, email);
      if (message) context.addIssue({ code: 'custom', path: ['newPassword'], message });
    });

/** Renaming follows the sign-up rule for names; the profile has nothing else to change. */
export const updateUserBody = z.object(
  {
    name: z
      .string({ message: MESSAGES.nameMissing })
      .pipe(checked(nameProblem))
      .transform((value) => value.trim())
      .optional(),
  },
  { message: 'Invalid request' },
);

export const signInBody = z.object(
  {
    email,
    password: z.string({ message: MESSAGES.passwordMissing }).min(1, MESSAGES.passwordMissing),
    rememberMe: z.boolean().optional(),
  },
  { message: 'Invalid request' },
);
