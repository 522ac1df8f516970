/** The part of a paper the editor changes and autosave keeps. */
export interface Draft {
  title: string;
  content: string;
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return a.title === b.title && a.content === b.content;
}
