import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  emailProblem,
  nameProblem,
  passwordProblem,
  signUpProblem,
} from './sign-up-rules';

describe('sign-up rules', () => {
  it('needs a name that is not only spaces', () => {
    expect(nameProblem('')).toBe('Please enter your name');
    expect(nameProblem('   ')).toBe('Please enter your name');
    expect(nameProblem('Ada')).toBeNull();
    expect(nameProblem('x'.repeat(101))).toBe(MESSAGES.nameTooLong);
  });

  it('needs a well-formed e-mail address', () => {
    for (const bad of ['', 'ada', 'ada@', '@example.org', 'ada@example', 'a b@example.org']) {
      expect(emailProblem(bad), bad).toBe('Please enter a valid e-mail address');
    }
    expect(emailProblem(' ada@example.org ')).toBeNull();
  });

  it('states the password rules plainly', () => {
    expect(passwordProblem('short', 'ada@example.org')).toBe(MESSAGES.passwordTooShort);
    expect(passwordProblem('x'.repeat(129), 'ada@example.org')).toBe(MESSAGES.passwordTooLong);
    expect(passwordProblem('Ada@Example.org', 'ada@example.org')).toBe(MESSAGES.passwordIsEmail);
    expect(passwordProblem('lovelace', 'lovelace@example.org')).toBe(MESSAGES.passwordIsEmail);
    expect(passwordProblem('analytical engine', 'ada@example.org')).toBeNull();
  });

  it('reports the first problem in form order', () => {
    expect(signUpProblem({ name: '', email: 'bad', password: '' })).toBe(MESSAGES.nameMissing);
    expect(signUpProblem({ name: 'Ada', email: 'bad', password: '' })).toBe(MESSAGES.emailInvalid);
    expect(signUpProblem({ name: 'Ada', email: 'ada@example.org', password: 'analytical' })).toBe(
      null,
    );
  });
});
