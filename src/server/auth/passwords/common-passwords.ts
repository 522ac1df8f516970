import { readFileSync } from 'node:fs';

const LIST_FILE = new URL('./common-passwords.txt', import.meta.url);

let commonPasswords: Set<string> | undefined;

/**
 * Whether a password is among the 10,000 most common ones long enough to pass the length
 * rule (see NOTICE.md for the list's source). Compared case-insensitively, since 'Password1'
 * falls to the same guess as 'password1'.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(readFileSync(LIST_FILE, 'utf8').split('\n').filter(Boolean));
  return commonPasswords.has(password.toLowerCase());
}
