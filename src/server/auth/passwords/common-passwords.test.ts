import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('knows the passwords every guesser tries first, in any letter case', () => {
    for (const password of ['12345678', 'password', 'Password', 'qwertyuiop', 'iloveyou1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets uncommon passwords through', () => {
    expect(isCommonPassword('analytical engine')).toBe(false);
    expect(isCommonPassword('radioactive123')).toBe(false);
  });
});
