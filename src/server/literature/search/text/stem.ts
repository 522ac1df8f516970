import { stemmer } from 'stemmer';

// The Porter stemmer costs about 2 µs a call; vocabulary is Zipfian, so a cache removes almost
// all of that. The bound keeps a pathological corpus (random tokens) from growing it forever.
const CACHE_LIMIT = 400_000;
const cache = new Map<string, string>();

const LETTERS_ONLY = /^[a-z]+$/;

/** Porter stem for plain ASCII words; numbers, codes and non-Latin tokens are kept as they are. */
export function stemWord(word: string): string {
  const cached = cache.get(word);
  if (cached !== undefined) return cached;
  const stem = word.length > 2 && LETTERS_ONLY.test(word) ? stemmer(word) : word;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(word, stem);
  return stem;
}
