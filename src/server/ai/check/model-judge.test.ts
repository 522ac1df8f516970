import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../shared/citations/work';
import { checkCitations } from './check-citations';
import { judgeCitation } from './model-judge';

const work = {
  ...emptyWork({ refId: 'ref_abcd1234', id: 'x', title: 'Open access' }),
  abstract:
    'We studied citation counts. Open access articles received more citations. Effects varied by field.',
};

function judge(answer: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(answer) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 5, text: 5, reasoning: 0 },
      },
      warnings: [],
    }),
  });
}

describe('judgeCitation', () => {
  it('reads the structured verdict and snaps the evidence to a real abstract sentence', async () => {
    const check = await judgeCitation(
      judge({
        certainty: 0.83,
        reasoning: 'The abstract reports the effect. It also says more.',
        evidence: 'open access articles got more citations',
      }),
      'Open access increases citations.',
      work,
    );
    expect(check).toEqual({
      refId: 'ref_abcd1234',
      claim: 'Open access increases citations.',
      certainty: 0.83,
      reasoning: 'The abstract reports the effect.',
      evidence: 'Open access articles received more citations.',
      method: 'model',
    });
  });

  it('falls back to the lexical check when the judge answers nonsense', async () => {
    const logged: string[] = [];
    const [check] = await checkCitations(
      [{ claim: 'Open access articles receive more citations.', work }],
      judge({ verdict: 'yes' }),
      (message) => logged.push(message),
    );
    expect(check?.method).toBe('lexical');
    expect(logged).toEqual(['citation judge failed; using the lexical check']);
  });
});
