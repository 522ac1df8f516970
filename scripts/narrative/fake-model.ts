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
 * What the model writes for each section of the outline (fakeStructureAnswer's), citing the two
 * works the retrieval put first, so the paper reads as a paper and not one sentence five times.
 * The claims stay general enough for whichever of the small corpus's open access works come
 * first; the verdicts below decide which citations turn orange.
 */
const SECTION_TEXT: Record<string, (first: string, second: string) => string[]> = {
  Introduction: (first, second) => [
    'Whether articles that are free to read are cited more often than articles behind a paywall ',
    `has been debated for two decades [${first}]. `,
    'The answer matters to authors choosing where to deposit their work ',
    `and to funders that require open access [${second}].`,
  ],
  'Related Work': (first, second) => [
    'Comparisons across disciplines report more citations for openly available articles ',
    `[${first}], while later analyses ask whether the advantage reflects quality, `,
    `early availability or access itself [${second}].`,
  ],
  Methods: (first, second) => [
    'The study compares the citation counts of articles deposited in a preprint archive ',
    `with those of articles in the same journals that were not deposited [${first}], `,
    `following the design of earlier bibliometric studies [${second}].`,
  ],
  Results: (first, second) => [
    `Deposited articles receive more citations on average [${first}], `,
    'but much of the difference arises early, while the preprint is available ',
    `before the journal version [${second}].`,
  ],
  Discussion: (first, second) => [
    'The advantage may owe as much to early availability and to authors depositing ',
    `their stronger work as to open access itself [${first}]; `,
    `separating these effects needs longitudinal citation data [${second}].`,
  ],
};

function sectionText(prompt: string, first: string, second: string): string[] {
  const title = /Current text of section \S+ "([^"]+)"/.exec(prompt)?.[1] ?? '';
  const text = SECTION_TEXT[title];
  if (text) return text(first, second);
  return [
    'Open access articles ',
    `are cited more often than articles behind a paywall [${first}], `,
    'an advantage that has been debated for two decades ',
    `[${second}].`,
  ];
}

/**
 * The project's fake model (src/server/testing/fake-openai-server.ts) answering like a
 * cooperative model over the small test corpus: queries it can answer, a structure, a writing
 * order, each section's text citing two retrieved works, and verdicts alternating confident and doubtful,
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
            // True of each open access work of the small corpus, whichever one is judged: the
            // picture shows the reasoning beside the abstract it is about.
            reasoning: confident
              ? 'The abstract compares the citations of freely available articles with those of other articles, as the sentence does.'
              : 'The abstract is about open access and citations, but it does not measure what this sentence claims.',
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
        chunks: sectionText(request.prompt, first, second),
      };
    },
  });
}
