import { describe, expect, it } from 'vitest';
import { SHORTER_INSTRUCTION } from '../../../shared/ai/rewrite-presets';
import { rewriteRequest } from './rewrite-request';
import { presetTask } from './section-actions';
import { sectionOfHeading, type SectionRef } from './section-text';

const markdown = '# Title\n\n## Introduction\n\nSleep matters [ref_abcd1234].\n\n## Methods';
const paper = { id: 'p1', type: 'scientific' };
const heading = (ordinal: number) => sectionOfHeading(markdown, ordinal) as SectionRef;

describe('rewriteRequest', () => {
  it('sends the section, the whole paper and the task explanation', () => {
    const request = rewriteRequest({
      markdown,
      target: heading(1),
      paper,
      task: presetTask('shorter'),
      selectedModel: 'openai:gpt-4o-mini',
    });
    expect(request).toEqual({
      path: '/api/rewrite',
      body: {
        text: markdown,
        sectionNumber: '1',
        sectionIndex: 1,
        sectionLevel: 2,
        sectionTitle: 'Introduction',
        currentSection: 'Sleep matters [ref_abcd1234].',
        currentParagraph: '',
        updatedSectionSoFar: '',
        paperId: 'p1',
        taskExplanation: SHORTER_INSTRUCTION,
        paperType: 'scientific',
        selectedModel: 'openai:gpt-4o-mini',
        action: 'shorter',
        enableLiteratureSearch: true,
      },
    });
  });

  it('joins system prompt and instructions with a blank line, and refines through /api/refine', () => {
    const custom = rewriteRequest({
      markdown,
      target: heading(2),
      paper,
      task: {
        action: 'custom',
        systemPrompt: 'You are terse.',
        instructions: 'Add a method.',
        enableLiteratureSearch: false,
      },
    });
    expect(custom.body).toMatchObject({
      taskExplanation: 'You are terse.\n\nAdd a method.',
      currentSection: '',
      enableLiteratureSearch: false,
    });
    expect(custom.body).not.toHaveProperty('selectedModel');
    expect(
      rewriteRequest({ markdown, target: heading(1), paper, task: presetTask('refine') }).path,
    ).toBe('/api/refine');
  });
});
