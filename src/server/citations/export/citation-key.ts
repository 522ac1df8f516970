import { parseAuthors } from '../../../shared/citations/authors';
import { familyCore } from '../../../shared/citations/person-name';
import type { Work } from '../../../shared/citations/work';

// Words skipped when picking the title word of a key: 'the-theory' makes a poor key.
const STOP_WORDS = new Set(
  'a an the of on in at to for from with by and or is are as toward towards about into via der die das le la les el los de des du un une ein eine'.split(
    ' ',
  ),
);

/**
 * The key of one work without regard to others: first author's surname (without particle),
 * year and first significant title word, in plain ASCII lowercase: 'lecun2015deep'.
 */
export function citationKeyBase(work: Pick<Work, 'authors' | 'published_year' | 'title'>): string {
  const [first] = parseAuthors(work.authors);
  const surname = first === undefined ? 'anon' : asciiWord(familyCore(first).split(' ')[0] ?? '');
  const titleWord =
    work.title
      .replace(/<[^>]*>/g, ' ')
      .split(/[\s\-–—:/]+/)
      .map(asciiWord)
      .find((word) => word !== '' && !STOP_WORDS.has(word)) ?? '';
  return `${surname || 'anon'}${work.published_year ?? 'nd'}${titleWord}`;
}

/**
 * Unique keys for a list of works, in order: repeats of a key get 'a', 'b', … appended
 * ('smith2020title', 'smith2020titlea'), the way Better BibTeX and JabRef do it.
 */
export function citationKeys(
  works: readonly Pick<Work, 'authors' | 'published_year' | 'title'>[],
): string[] {
  const used = new Set<string>();
  return works.map((work) => {
    const base = citationKeyBase(work);
    let key = base;
    for (let index = 0; used.has(key); index += 1) key = `${base}${letters(index)}`;
    used.add(key);
    return key;
  });
}

// 0 → 'a', 25 → 'z', 26 → 'aa'.
function letters(index: number): string {
  const letter = String.fromCharCode(97 + (index % 26));
  return index < 26 ? letter : `${letters(Math.floor(index / 26) - 1)}${letter}`;
}

const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  þ: 'th',
};

function asciiWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[ßæœøłđþ]/g, (char) => FOLDS[char] ?? '')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}
