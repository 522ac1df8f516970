/** A deterministic paper of about `words` words: sections of paragraphs, as a user writes. */
export function paperMarkdown(words: number): string {
  const vocabulary =
    'the results of this study suggest that protein expression in cultured cells depends on temperature and on the duration of exposure while controls showed no such effect across samples measured with standard methods'.split(
      ' ',
    );
  const lines: string[] = ['# A ten-thousand-word paper', ''];
  let written = 0;
  let section = 0;
  while (written < words) {
    section += 1;
    lines.push(`## Section ${section}`, '');
    for (let paragraph = 0; paragraph < 5 && written < words; paragraph += 1) {
      const sentence: string[] = [];
      for (let i = 0; i < 120; i += 1) {
        sentence.push(vocabulary[(section * 31 + paragraph * 7 + i * 13) % vocabulary.length]!);
      }
      written += sentence.length;
      lines.push(`${sentence.join(' ')}.`, '');
    }
  }
  return lines.join('\n');
}
