import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../shared/document';
import { markdownWithCaret, stateWithCaret } from '../testing/caret-state';
import { referenceListInsertion } from './insert-reference-list';

const LIST = [
  '[xref_aaaaaaaa] Benou, I., & Riklin-Raviv, T. (2019). DeepTract. Medical Image Analysis.',
  '[xref_bbbbbbbb] Henriques, R. N. (2019). Diffusion kurtosis. NeuroImage.',
].join('\n');

function generate(markdown: string): string {
  const state = stateWithCaret(markdown);
  return markdownWithCaret(state.apply(referenceListInsertion(state, parseMarkdown(LIST).content)));
}

describe('referenceListInsertion', () => {
  it('adds the list after the paragraph at the cursor, never inside its sentence', () => {
    expect(
      generate('## Methods\n\nThe model follows the equation [ref_bbbbbbbb]|. It fits well.'),
    ).toBe(
      [
        '## Methods',
        '',
        'The model follows the equation [ref_bbbbbbbb]. It fits well.',
        '',
        '## References',
        '',
        LIST.replace(/NeuroImage\.$/, 'NeuroImage.|'),
      ].join('\n'),
    );
  });

  it('uses an existing References heading and the empty line at the cursor', () => {
    expect(generate('## Intro\n\nText [ref_aaaaaaaa].\n\n## References\n\n|')).toBe(
      `## Intro\n\nText [ref_aaaaaaaa].\n\n## References\n\n${LIST}|`,
    );
  });

  it('gives the heading the level of the sections when level 1 headings are the sections', () => {
    expect(generate('# Methods\n\nA [ref_aaaaaaaa].\n\n# Results\n\nB|')).toBe(
      `# Methods\n\nA [ref_aaaaaaaa].\n\n# Results\n\nB\n\n# References\n\n${LIST}|`,
    );
  });
});
