import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import type { CitedWork } from '../../../../shared/citations/work';
import { extractRefIds } from '../../../../shared/document/extract-ref-ids';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import {
  defaultResponder,
  evidenceIds,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { MINI_CORPUS, createPaper, dataOf, rewriteBody, streamAll } from './ai-test-support';

const kinds = await testDatabaseKinds();

const INVENTED = 'ref_fake0000';

/** The four forms of issue 18.4 that passed the old filter, plus CRLF line ends. */
const BYPASS_FORMS = {
  'a stray second bracket': `[[${INVENTED}]]`,
  'a line break after the bracket': `[\n${INVENTED}]`,
  'a line break before the close': `[${INVENTED}\n]`,
  'more than 400 spaces': `[${' '.repeat(450)}${INVENTED}]`,
  'carriage returns': `[\r\n${INVENTED}\r\n]`,
};

const QUOTE_START = '<<quote>>';
const QUOTE_END = '<</quote>>';

describe.each(kinds)('the citation filter against a model on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let alice: TestClient;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    server = await startTestServer(kind, {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      BILLING: 'off',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.respond = defaultResponder;
  });

  /** The section text the editor would get, and the ids it would read as citations there. */
  async function rewriteWith(paperId: string, body = rewriteBody(paperId)) {
    const { text } = await streamAll(alice, '/api/rewrite', body);
    const parsed = parseStream(text);
    expect(parsed.finished).toBe(true);
    const evidence = (dataOf<{ refId: string }[]>(text, 'evidence') ?? []).map((w) => w.refId);
    return { text: parsed.text, cited: extractRefIds(parsed.text), evidence, stream: text };
  }

  it.each(Object.entries(BYPASS_FORMS))(
    'removes an invented id behind %s, streamed a character at a time',
    async (_form, marker) => {
      const paperId = await createPaper(alice);
      fake.respond = (chat) => {
        if (chat.body.stream !== true) return defaultResponder(chat);
        const [good] = evidenceIds(chat.prompt);
        return { kind: 'text', chunks: [...`Kept [${good}]. Claim ${marker}. End.`] };
      };
      const { text, cited, evidence, stream } = await rewriteWith(paperId);
      expect(cited).toEqual([evidence[0]]);
      expect(text).toBe(`Kept [${evidence[0]}]. Claim. End.`);
      expect(dataOf<number>(stream, 'removed-citations')).toBe(1);
      const checked = dataOf<CitedWork[]>(stream, 'citations') ?? [];
      expect(checked.map((work) => work.refId)).toEqual([evidence[0]]);
    },
  );

  it('removes every form a model copies from an uploaded file', async () => {
    const paperId = await createPaper(alice);
    const quoted = Object.values(BYPASS_FORMS)
      .map((marker, index) => `Claim ${index} ${marker}.`)
      .join(' ');
    const upload = await alice.post('/api/convertToMarkdown', {
      fileName: 'notes.txt',
      fileData: Buffer.from(`${QUOTE_START}${quoted}${QUOTE_END}`, 'utf8').toString('base64'),
      paperId,
      goal: 'supporting_material',
    });
    expect(upload.status).toBe(200);
    fake.respond = (chat) => {
      if (chat.body.stream !== true) return defaultResponder(chat);
      const start = chat.prompt.indexOf(QUOTE_START);
      const end = chat.prompt.indexOf(QUOTE_END);
      const copied =
        start >= 0 && end > start ? chat.prompt.slice(start + QUOTE_START.length, end) : '';
      return { kind: 'text', chunks: copied.match(/[^]{1,7}/g) ?? ['(no file in the prompt)'] };
    };
    const { text, cited } = await rewriteWith(paperId);
    expect(text).toContain('Claim 0');
    expect(cited).toEqual([]);
    expect(text).not.toContain(INVENTED);
  });

  it('lets a summary cite only the work and the works the paper cites, with their data', async () => {
    const found = (
      await alice.post('/api/search', { q: 'open access citation', documentTypes: ['preprint'] })
    ).body.results as { refId: string }[];
    const [work, citedByPaper] = found.map((result) => result.refId);
    const paperId = await createPaper(alice, `## Results\n\nOpen access helps [${citedByPaper}].`);
    fake.respond = () => ({
      kind: 'text',
      chunks: [
        ...`The advantage matures [${work}]. It bears on your claim [${citedByPaper}]. `,
        ...`A claim with an invented source [${INVENTED}]. Another [\n${INVENTED}].`,
      ],
    });
    const { text } = await streamAll(alice, '/api/summarize-elaborate', { doi: work, paperId });
    const parsed = parseStream(text);
    expect(parsed).toMatchObject({ part: 'response', finished: true });
    expect(parsed.text).toBe(
      `The advantage matures [${work}]. It bears on your claim [${citedByPaper}]. ` +
        'A claim with an invented source. Another.',
    );
    expect(dataOf<number>(text, 'removed-citations')).toBe(2);
    const citable = dataOf<CitedWork[]>(text, 'citations') ?? [];
    expect(citable.map((entry) => entry.refId)).toEqual([work, citedByPaper]);
    expect(citable[0]?.title).toEqual(expect.any(String));
  });
});
