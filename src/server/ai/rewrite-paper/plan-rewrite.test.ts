import { describe, expect, it } from 'vitest';
import { DEFAULT_REWRITE_INSTRUCTION } from '../../../shared/ai/rewrite-presets';
import { HttpError } from '../../http/http-error';
import {
  NO_ACTIVE_SECTION_MESSAGE,
  NO_TASK_MESSAGE,
  PAPER_CHANGED_MESSAGE,
  planRewrite,
  taskExplanationOf,
} from './plan-rewrite';

// Two sections numbered 1: each level-1 heading restarts the numbers.
const CONTENT = [
  '# Part A',
  '## Intro',
  'Intro text.',
  '## Empty',
  '# Part B',
  '## Intro again',
  'Second intro text.',
].join('\n\n');

const section = (sectionIndex: number, sectionNumber: string, shouldRewrite = true) => ({
  sectionIndex,
  sectionNumber,
  shouldRewrite,
  customInstructions: '',
  enableLiteratureSearch: undefined,
});
const enrich = {
  type: 'rewrite_enrich' as const,
  customInstructions: '',
  enableLiteratureSearch: undefined,
};

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('planRewrite', () => {
  it('takes sections by index, leaves out the empty ones and applies the task defaults', () => {
    const planned = planRewrite(
      CONTENT,
      [section(1, '1'), section(2, '2'), section(4, '1')],
      [{ ...enrich, sectionIndex: 4, type: 'rewrite_custom', customInstructions: 'Be brief.' }],
    );
    expect(planned.map((p) => [p.sectionIndex, p.sectionTitle, p.taskType])).toEqual([
      [1, 'Intro', 'rewrite_enrich'],
      [4, 'Intro again', 'rewrite_custom'],
    ]);
    expect(planned[0]?.originalContent).toBe('Intro text.');
    expect(planned.every((p) => p.enableLiteratureSearch)).toBe(true);
    expect(taskExplanationOf(planned[0]!)).toBe(DEFAULT_REWRITE_INSTRUCTION);
    expect(taskExplanationOf(planned[1]!)).toBe('Be brief.');
  });

  it('treats a custom task without instructions as an enrich task and keeps literature off when asked', () => {
    const [planned] = planRewrite(
      CONTENT,
      [section(1, '1')],
      [
        {
          sectionNumber: '1',
          type: 'rewrite_custom',
          customInstructions: ' ',
          enableLiteratureSearch: false,
        },
      ],
    );
    expect(planned).toMatchObject({ taskType: 'rewrite_enrich', enableLiteratureSearch: false });
  });

  it('refuses no task, no section with text, and a section that is no longer there', () => {
    expect(refusal(() => planRewrite(CONTENT, [section(1, '1')], []))).toEqual({
      status: 400,
      message: NO_TASK_MESSAGE,
    });
    expect(
      refusal(() => planRewrite(CONTENT, [section(2, '2'), section(1, '1', false)], [enrich])),
    ).toEqual({
      status: 400,
      message: NO_ACTIVE_SECTION_MESSAGE,
    });
    expect(refusal(() => planRewrite(CONTENT, [section(3, '1')], [enrich]))).toEqual({
      status: 409,
      message: PAPER_CHANGED_MESSAGE,
    });
  });
});
