/** The languages the AI writes in (002 §3), with the name the prompt uses. */
export const CONTENT_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'nl', name: 'Dutch' },
  { code: 'ru', name: 'Russian' },
  { code: 'zh', name: 'Chinese' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'ar', name: 'Arabic' },
] as const;

export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]['code'];

export const DEFAULT_CONTENT_LANGUAGE: ContentLanguage = 'en';

export const CONTENT_LANGUAGE_CODES = CONTENT_LANGUAGES.map((language) => language.code) as [
  ContentLanguage,
  ...ContentLanguage[],
];

export function isContentLanguage(value: unknown): value is ContentLanguage {
  return CONTENT_LANGUAGES.some((language) => language.code === value);
}

export function languageName(code: ContentLanguage): string {
  return CONTENT_LANGUAGES.find((language) => language.code === code)?.name ?? 'English';
}
