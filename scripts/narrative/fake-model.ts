import {
  evidenceIds,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
} from '../../src/server/testing/fake-openai-server';
import { fakeStructureAnswer } from '../../src/server/testing/fake-structure-answer';

/** How long the model takes to write a section. */
const SECTION_WRITING_MS = 3_000;

/** The order a planner would choose: methods and results first, the introduction last. */
const WRITING_RANK = ['Methods', 'Results', 'Related Work', 'Discussion', 'Introduction'];

/**
 * The writing planner's answer: the section ids of the prompt's outline ('id 3: 2.1 Title'),
 * ranked by WRITING_RANK, so the order is a permutation of whatever outline the wizard made.
 */
function writingOrder(prompt: string): FakeAnswer {
  const sections = [...prompt.matchAll(/^\s*id (\d+): \S+ (.+)$/gm)].map((match) => ({
    id: Number(match[1]),
    rank: WRITING_RANK.indexOf((match[2] ?? '').trim()),
  }));
  const order = sections
    .sort((a, b) => (a.rank === -1 ? 99 : a.rank) - (b.rank === -1 ? 99 : b.rank))
    .map((section) => section.id);
  return {
    kind: 'json',
    value: {
      order,
      reasoning:
        'Methods and results first, so the discussion can interpret them and the introduction can announce them.',
    },
  };
}

/**
 * The project's fake model (src/server/testing/fake-openai-server.ts) answering like a
 * cooperative model over the small test corpus: queries it can answer, a structure, a writing
 * order, sections citing two retrieved works, and verdicts alternating confident and doubtful,
 * so the pictures show both a normal and an orange (less reliable) citation.
 */
export async function startNarrativeModel() {
  let verdicts = 0;
  return startFakeOpenAiServer({
    models: ['fake-small', 'fake-large'],
    respond: (request: ChatRequest): FakeAnswer => {
      const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
      if ('queries' in properties) {
        return {
          kind: 'json',
          value: { queries: ['open access citation advantage', 'citation impact of open access'] },
        };
      }
      if ('sections' in properties) return fakeStructureAnswer(request.prompt, true);
      if ('order' in properties) return writingOrder(request.prompt);
      if ('certainty' in properties) {
        verdicts += 1;
        const confident = verdicts % 2 === 1;
        return {
          kind: 'json',
          value: {
            certainty: confident ? 0.9 : 0.35,
            reasoning: confident
              ? 'The abstract reports more citations for open access articles.'
              : 'The abstract discusses open access, but not whether it changes citation counts.',
            evidence: '',
          },
        };
      }
      const [first = 'ref_missing0', second = first] = evidenceIds(request.prompt);
      return {
        kind: 'text',
        // A section takes a few seconds, as with a real model, so the writing progress is seen
        // (the modal polls every few seconds) rather than the job finishing before the first poll.
        firstChunkAfter: new Promise<void>((resolve) => setTimeout(resolve, SECTION_WRITING_MS)),
        chunks: [
          'Open access articles ',
          `are cited more often than articles behind a paywall [${first}], `,
          'an advantage that has been debated for two decades ',
          `[${second}].`,
        ],
      };
    },
  });
}
