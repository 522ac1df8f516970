/**
 * APA initials of a given name: 'Kirk Warren' → 'K. W.', 'Jean-Paul' → 'J.-P.', 'J.R.R.' →
 * 'J. R. R.'. Matches citeproc-js (what citation-js renders) for ordinary names; it deliberately
 * differs for 'Mary-kate' (citeproc drops the lowercase part, we give 'M.-K.') and for lowercase
 * given names (citeproc echoes 'jean.', we give 'J.').
 */
export function initialsOf(given: string): string {
  return given.normalize('NFC').split(/\s+/).flatMap(wordInitials).join(' ');
}

/** A run of 2-3 capitals such as 'JRR' is how Medline and some indexes write initials. */
export function isPackedInitials(word: string): boolean {
  return /^\p{Lu}{2,3}$/u.test(word);
}

/** 'JRR' → 'J. R. R.', so that every renderer sees ordinary initials. */
export function unpackInitials(word: string): string {
  return [...word].map((letter) => `${letter}.`).join(' ');
}

function wordInitials(word: string): string[] {
  if (word === '') return [];
  if (isPackedInitials(word)) return [...word].map((letter) => `${letter}.`);
  // 'J.R.R.' is three initials written without spaces, not one word.
  if (/^(\p{L}\.){2,}$/u.test(word)) return word.split('.').filter(Boolean).map(initialOf);
  const hyphenated = word
    .split('-')
    .map(initialOf)
    .filter((part) => part !== '');
  return hyphenated.length === 0 ? [] : [hyphenated.join('-')];
}

function initialOf(part: string): string {
  const letter = /\p{L}/u.exec(part)?.[0];
  return letter === undefined ? '' : `${letter.toUpperCase()}.`;
}
