/**
 * Fills a template line with the paper's title. Templates name the title only as a quoted name
 * after a noun ('the study “{topic}”'), the one slot into which any title reads as English: a
 * noun phrase, a question or a sentence alike. A full stop closing the title is dropped, and a
 * question or exclamation mark closing it ends the quotation without a second stop after it.
 */
export function fillTitle(template: string, title: string, section = ''): string {
  const name = (text: string) => text.trim().replace(/\s+/g, ' ').replace(/\.+$/, '');
  return template
    .replaceAll('{topic}', name(title))
    .replaceAll('{section}', name(section))
    .replace(/([?!])”\./g, '$1”');
}
