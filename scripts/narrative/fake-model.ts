import {
  evidenceIds,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
} from '../../src/server/testing/fake-openai-server';

/**
 * The project's fake model (src/server/testing/fake-openai-server.ts) answering like a
 * cooperative model over the small test corpus: queries it can answer, a section citing two
 * retrieved works, and verdicts alternating confident and doubtful, so the pictures show both
 * a normal and an orange (less reliable) citation.
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
