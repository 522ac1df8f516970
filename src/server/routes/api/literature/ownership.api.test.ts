import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../literature/testing/mini-corpus.jsonl',
);
const kinds = await testDatabaseKinds();

interface WorkBody {
  refId: string;
  title: string;
  publisher: string | null;
  doi: string | null;
}

const SHARED_DOI = '10.1016/j.ipm.2005.03.010';
const SHARED_TITLE = 'The Effect of Use and Access on Citations';

const FORGED = `@article{forged,
  title = {A forged title everybody would see},
  author = {Mallory, Eve},
  journal = {Journal of Forgeries}, year = {1999},
  doi = {${SHARED_DOI}}
}`;

const PRIVATE_BOOK = (publisher: string) => `@book{ostrom1990,
  author = {Ostrom, Elinor},
  title = {Governing the Commons: Zanzibarian Fisheries},
  publisher = {${publisher}},
  year = {1990}
}`;

describe.each(kinds)('who owns imported references on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(() => server.close());

  async function newPaper(client: TestClient, title: string): Promise<string> {
    return (await client.post('/api/papers', { title, type: 'essay' })).body.id as string;
  }

  async function importInto(client: TestClient, paperId: string, text: string) {
    const response = await client.post(`/api/papers/${paperId}/references/import`, {
      format: 'bibtex',
      text,
    });
    expect(response.status).toBe(200);
    return response.body.imported as WorkBody[];
  }

  async function searchTitles(client: TestClient, q: string): Promise<string[]> {
    const response = await client.post('/api/search', { q, n: 100, documentTypes: {} });
    expect(response.status).toBe(200);
    return (response.body.results as WorkBody[]).map((work) => work.title);
  }

  it('never lets an import change a work of the shared library', async () => {
    const before = await searchTitles(bob, 'effect of use and access on citations');
    expect(before).toContain(SHARED_TITLE);
    const [shared] = (await bob.post('/api/citation', { doi: SHARED_DOI })).body.citations as {
      reference: string;
    }[];

    const paper = await newPaper(alice, 'Forgery attempt');
    const [linked] = await importInto(alice, paper, FORGED);
    // The entry names a shared work: the paper cites that work, as the library has it.
    expect(linked).toMatchObject({ doi: SHARED_DOI, title: SHARED_TITLE });

    for (const client of [alice, bob]) {
      const work = await client.get(`/api/works/${linked?.refId}`);
      expect(work.body).toMatchObject({ title: SHARED_TITLE });
      const titles = await searchTitles(client, 'effect of use and access on citations');
      expect(titles).toContain(SHARED_TITLE);
      expect(titles).not.toContain('A forged title everybody would see');
      expect(await searchTitles(client, 'forged title everybody')).toEqual([]);
    }
    const after = (await bob.post('/api/citation', { doi: SHARED_DOI })).body.citations;
    expect(after).toEqual([shared]);
  });

  it('keeps a user’s imported reference private to that user and their papers', async () => {
    const paper = await newPaper(alice, 'Commons');
    const [own] = await importInto(alice, paper, PRIVATE_BOOK('Cambridge University Press'));
    expect(own).toMatchObject({ doi: null, publisher: 'Cambridge University Press' });
    const refId = own?.refId as string;

    expect(await searchTitles(alice, 'Zanzibarian fisheries')).toEqual([own?.title]);
    expect((await alice.get(`/api/works/${refId}`)).status).toBe(200);
    const cited = (await alice.get(`/api/papers/${paper}`)).body.citations as WorkBody[];
    expect(cited.map((work) => work.refId)).toEqual([refId]);

    expect(await searchTitles(bob, 'Zanzibarian fisheries')).toEqual([]);
    expect(await searchTitles(bob, '"governing the commons"')).toEqual([]);
    expect((await bob.get(`/api/works/${refId}`)).status).toBe(404);
    expect((await bob.post('/api/citation', { refIds: [refId] })).body).toEqual({
      citations: [{ refId, doi: null, reference: `${refId} not found` }],
    });

    const bobsPaper = await newPaper(bob, 'Borrowing');
    const cite = await bob.put(`/api/papers/${bobsPaper}`, {
      citations: [{ refId, title: own?.title }],
    });
    expect(cite.status).toBe(400);
    expect(cite.body).toEqual({ error: `Unknown citation: ${refId}` });
    const list = await bob.post(`/api/papers/${bobsPaper}/bibliography`, { refIds: [refId] });
    expect(list.body).toMatchObject({ markdown: '', entries: [] });
  });

  it('gives a second user their own copy and leaves the first user’s untouched', async () => {
    const alicePaper = await newPaper(alice, 'Commons again');
    const [aliceWork] = await importInto(
      alice,
      alicePaper,
      PRIVATE_BOOK('Cambridge University Press'),
    );
    const bobPaper = await newPaper(bob, 'Commons for Bob');
    const [bobWork] = await importInto(bob, bobPaper, PRIVATE_BOOK('Forged Press'));

    expect(bobWork?.refId).not.toBe(aliceWork?.refId);
    expect(bobWork?.publisher).toBe('Forged Press');
    const aliceView = await alice.get(`/api/works/${aliceWork?.refId}`);
    expect(aliceView.body).toMatchObject({ publisher: 'Cambridge University Press' });
    expect(await searchTitles(bob, 'Zanzibarian fisheries')).toHaveLength(1);
    expect(await searchTitles(alice, 'Zanzibarian fisheries')).toHaveLength(1);

    // Importing again refreshes one's own record in place: same work, new details.
    const [again] = await importInto(alice, alicePaper, PRIVATE_BOOK('Oxford University Press'));
    expect(again?.refId).toBe(aliceWork?.refId);
    expect((await alice.get(`/api/works/${aliceWork?.refId}`)).body).toMatchObject({
      publisher: 'Oxford University Press',
    });
    expect((await bob.get(`/api/works/${bobWork?.refId}`)).body).toMatchObject({
      publisher: 'Forged Press',
    });
  });

  it('counts in the library size a viewer sees only the shared works and their own', async () => {
    const librarySize = async (client: TestClient) => {
      const response = await client.post('/api/search', { q: 'citations', documentTypes: {} });
      const local = (response.body.sources as { id: string; size?: number }[]).find(
        (source) => source.id === 'local',
      );
      return local?.size;
    };
    const carol = await server.signedInClient('Carol');
    const shared = (await carol.get('/api/literature/status')).body.works as number;
    expect(await librarySize(carol)).toBe(shared);

    const manyBooks = [1, 2, 3, 4, 5]
      .map((n) => `@book{secret${n}, title = {Private notes volume ${n}}, year = {2001}}`)
      .join('\n');
    await importInto(alice, await newPaper(alice, 'Private notes'), manyBooks);
    const alicesOwn = 5 + 1; // these five and her Ostrom book
    expect(await librarySize(carol)).toBe(shared);
    expect(await librarySize(bob)).toBe(shared + 1);
    expect(await librarySize(alice)).toBe(shared + alicesOwn);
  });
});
