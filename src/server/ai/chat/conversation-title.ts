const MAX_TITLE = 60;

/** A conversation's title from its first question: the question's start, cut at a word. */
export function conversationTitle(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_TITLE) return text || 'New conversation';
  const cut = text.slice(0, MAX_TITLE);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
