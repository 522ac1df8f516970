import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { liveTextRange } from '../../../../shared/document/testing/live-text-range';
import { LiveClient } from '../../../collaboration/testing/live-client';
import { paperInvitations } from '../../../db/schema';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

type Who = 'owner' | 'editor' | 'commenter' | 'viewer' | 'removed' | 'stranger' | 'anonymous';
type Need = 'read' | 'export' | 'comment' | 'edit' | 'manage';

/** Who may do what (docs/sharing.md): the table the policy must follow, route by route. */
const ALLOWED: Record<Need, Who[]> = {
  read: ['owner', 'editor', 'commenter', 'viewer'],
  export: ['owner', 'editor', 'commenter', 'viewer'],
  comment: ['owner', 'editor', 'commenter'],
  edit: ['owner', 'editor'],
  manage: ['owner'],
};

const CONTENT = '## Introduction\n\nSleep helps memory.\n\n## Methods\n\nWe read papers.';
// Each call's change differs from the last: resending what is stored changes nothing.
let counter = 0;
const next = () => (counter += 1);

const BIBTEX = '@article{a1, title={Sleep and memory}, author={Doe, Jane}, year={2020}}';

interface Route {
  need: Need;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `made` is what `prepare` made for this one call (a thread, a file, a link). */
  path: (paperId: string, made: string) => string;
  body?: (paperId: string, made: string) => unknown;
  /**
   * For a call that uses up what it acts on (a deletion, a revocation, a restore): made by
   * the owner afresh before each caller, so every caller meets the same thing.
   */
  prepare?: (paperId: string) => Promise<string>;
}

/** What the matrix's routes act on, made by the owner before the matrix runs. */
const fixtures = {
  threadId: '',
  fileId: '',
  viewerId: '',
  /** Made a viewer and removed again for each caller of the removal route. */
  target: null as TestClient | null,
  owner: null as TestClient | null,
};

async function ownerCall(method: Route['method'], path: string, body?: unknown) {
  const response = await fixtures.owner?.request(method, path, body);
  if (!response || response.status >= 300) {
    throw new Error(`${method} ${path}: ${response?.status} ${JSON.stringify(response?.body)}`);
  }
  return response.body as Record<string, unknown>;
}

/** Uploads a file to the paper as its owner (the upload answers as a stream) and finds it. */
async function uploadFile(paperId: string): Promise<string> {
  const fileName = `notes-${next()}.txt`;
  await ownerCall('POST', '/api/convertToMarkdown', {
    paperId,
    fileName,
    goal: 'supporting_material',
    fileData: Buffer.from('Some notes').toString('base64'),
  });
  const { files } = (await ownerCall('GET', `/api/files?paperId=${paperId}`)) as {
    files: { id: string; filename: string }[];
  };
  const file = files.find((candidate) => candidate.filename === fileName);
  if (!file) throw new Error(`${fileName} was not stored: ${JSON.stringify(files)}`);
  return file.id;
}

/** Every route that touches a paper or what belongs to it, with a body it would accept. */
const ROUTES: Route[] = [
  { need: 'read', method: 'GET', path: (id) => `/api/papers/${id}` },
  { need: 'read', method: 'GET', path: (id) => `/api/papers/${id}/history` },
  { need: 'read', method: 'GET', path: (id) => `/api/files?paperId=${id}` },
  { need: 'read', method: 'GET', path: (id) => `/api/papers/${id}/comments` },
  { need: 'read', method: 'GET', path: (id) => `/api/papers/${id}/members` },
  { need: 'read', method: 'GET', path: (id) => `/api/paper-rewrite/status/${id}` },
  { need: 'read', method: 'POST', path: (id) => `/api/scaffolded-writing/clear-status/${id}` },
  { need: 'read', method: 'GET', path: (id) => `/api/data-analysis/paper-notebooks?paperId=${id}` },
  {
    need: 'read',
    method: 'POST',
    path: (id) => `/api/papers/${id}/bibliography`,
    body: () => ({ refIds: [], style: 'apa' }),
  },
  { need: 'export', method: 'GET', path: (id) => `/api/papers/${id}/references/export` },
  {
    need: 'export',
    method: 'POST',
    path: () => '/api/html-latex',
    body: (id) => ({ paperId: id }),
  },
  {
    need: 'export',
    method: 'POST',
    path: () => '/api/paper/save-as',
    body: (id) => ({ originalPaperId: id, newName: 'My copy', content: CONTENT }),
  },
  {
    need: 'comment',
    method: 'POST',
    path: (id) => `/api/papers/${id}/comments`,
    body: () => ({ anchor: 'Needs a source' }),
  },
  {
    need: 'comment',
    method: 'PUT',
    path: (id) => `/api/papers/${id}`,
    body: () => ({ content: CONTENT.replace('helps memory', '[helps memory][[Needs a source]]') }),
  },
  {
    need: 'edit',
    method: 'PUT',
    path: (id) => `/api/papers/${id}`,
    body: () => ({ content: `${CONTENT}\n\nSentence ${next()}.`, title: `Sleep ${next()}` }),
  },
  {
    need: 'edit',
    method: 'POST',
    path: () => '/api/autosave',
    body: (id) => ({ paperId: id, title: 'Sleep', content: 'Draft' }),
  },
  { need: 'edit', method: 'DELETE', path: () => '/api/autosave', body: (id) => ({ paperId: id }) },
  {
    need: 'edit',
    method: 'POST',
    path: (id) => `/api/papers/${id}/references/import`,
    body: () => ({ format: 'bibtex', text: BIBTEX }),
  },
  {
    need: 'edit',
    method: 'POST',
    path: () => '/api/convertToMarkdown',
    body: (id) => ({
      paperId: id,
      fileName: 'notes.txt',
      goal: 'supporting_material',
      fileData: Buffer.from('Some notes').toString('base64'),
    }),
  },
  {
    need: 'edit',
    method: 'POST',
    path: (id) => `/api/papers/${id}/citations/check`,
    body: () => ({}),
  },
  {
    need: 'manage',
    method: 'PUT',
    path: (id) => `/api/papers/${id}`,
    body: () => ({ description: `Description ${next()}` }),
  },
  {
    need: 'manage',
    method: 'PUT',
    path: (id) => `/api/papers/${id}/citation-style`,
    body: () => ({ citationStyle: 'ieee' }),
  },
  {
    need: 'manage',
    method: 'POST',
    path: (id) => `/api/papers/${id}/invitations`,
    body: () => ({ role: 'viewer', expiresInDays: 1, maxUses: 1 }),
  },
  { need: 'manage', method: 'GET', path: (id) => `/api/papers/${id}/invitations` },
  // The routes below were added to cover every paper route (issue 36).
  { need: 'read', method: 'GET', path: (id) => `/api/paper-rewrite/sections/${id}` },
  { need: 'read', method: 'POST', path: (id) => `/api/paper-rewrite/clear-status/${id}` },
  // 409 for whoever may read it: no rewrite is running.
  { need: 'read', method: 'POST', path: (id) => `/api/paper-rewrite/cancel/${id}` },
  { need: 'read', method: 'DELETE', path: (id) => `/api/scaffolded-writing/delete-all/${id}` },
  {
    need: 'export',
    method: 'POST',
    path: () => '/api/export-html',
    body: (id) => ({ paperId: id }),
  },
  {
    need: 'export',
    method: 'POST',
    path: () => '/api/html-word',
    body: (id) => ({ paperId: id }),
  },
  {
    need: 'comment',
    method: 'PATCH',
    path: (id) => `/api/papers/${id}/comments/${fixtures.threadId}`,
    body: () => ({ resolved: next() % 2 === 0 }),
  },
  {
    need: 'comment',
    method: 'POST',
    path: (id) => `/api/papers/${id}/comments/${fixtures.threadId}/replies`,
    body: () => ({ body: `Answer ${next()}` }),
  },
  {
    need: 'comment',
    method: 'DELETE',
    path: (id, threadId) => `/api/papers/${id}/comments/${threadId}`,
    prepare: async (id) => {
      const body = await ownerCall('POST', `/api/papers/${id}/comments`, { anchor: 'Gone soon' });
      return (body.thread as { id: string }).id;
    },
  },
  {
    need: 'edit',
    method: 'PUT',
    path: () => '/api/files',
    body: () => ({ fileId: fixtures.fileId, contents: `Notes ${next()}` }),
  },
  {
    need: 'edit',
    method: 'DELETE',
    path: (_id, fileId) => `/api/files?fileId=${fileId}`,
    prepare: uploadFile,
  },
  // 409 for whoever may edit it: the paper is not empty, so no file becomes its content.
  {
    need: 'edit',
    method: 'POST',
    path: (id) => `/api/papers/${id}/import-file`,
    body: () => ({ fileId: fixtures.fileId }),
  },
  {
    need: 'manage',
    method: 'PATCH',
    path: (id) => `/api/papers/${id}/members/${fixtures.viewerId}`,
    body: () => ({ role: 'viewer' }),
  },
  {
    need: 'manage',
    method: 'DELETE',
    path: (id, targetId) => `/api/papers/${id}/members/${targetId}`,
    prepare: async (id) => {
      const target = fixtures.target;
      if (!target) throw new Error('no target');
      const email = ((await target.get('/api/me')).body.user as { email: string }).email;
      await ownerCall('POST', `/api/papers/${id}/members`, { email, role: 'viewer' });
      return ((await target.get('/api/me')).body.user as { id: string }).id;
    },
  },
  {
    need: 'manage',
    method: 'DELETE',
    path: (id, invitationId) => `/api/papers/${id}/invitations/${invitationId}`,
    prepare: async (id) => {
      const body = await ownerCall('POST', `/api/papers/${id}/invitations`, { role: 'viewer' });
      return (body.invitation as { id: string }).id;
    },
  },
  // 409 for the owner: a saved paper is not a wizard's draft to discard.
  { need: 'manage', method: 'POST', path: (id) => `/api/papers/${id}/cancel`, body: () => ({}) },
];

describe.each(kinds)('sharing on %s', (kind) => {
  let server: TestServer;
  let clients: Record<Exclude<Who, 'anonymous'>, TestClient>;
  let emails: Record<string, string>;
  let paperId: string;

  async function idOf(client: TestClient): Promise<string> {
    return ((await client.get('/api/me')).body.user as { id: string }).id;
  }

  async function emailOf(client: TestClient): Promise<string> {
    return ((await client.get('/api/me')).body.user as { email: string }).email;
  }

  async function share(owner: TestClient, id: string, member: TestClient, role: string) {
    const added = await owner.post(`/api/papers/${id}/members`, {
      email: await emailOf(member),
      role,
    });
    expect(added.status).toBe(201);
  }

  async function newPaper(owner: TestClient, title = 'Sleep and memory'): Promise<string> {
    const created = await owner.post('/api/papers', {
      title,
      type: 'scientific',
      content: CONTENT,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    clients = {
      owner: await server.signedInClient('Olivia Owner'),
      editor: await server.signedInClient('Eddie Editor'),
      commenter: await server.signedInClient('Cora Commenter'),
      viewer: await server.signedInClient('Vic Viewer'),
      removed: await server.signedInClient('Rita Removed'),
      stranger: await server.signedInClient('Stan Stranger'),
    };
    emails = {};
    for (const [who, client] of Object.entries(clients)) emails[who] = await emailOf(client);
    paperId = await newPaper(clients.owner);
    await share(clients.owner, paperId, clients.editor, 'editor');
    await share(clients.owner, paperId, clients.commenter, 'commenter');
    await share(clients.owner, paperId, clients.viewer, 'viewer');
    await share(clients.owner, paperId, clients.removed, 'editor');
    const removed = await clients.owner.delete(
      `/api/papers/${paperId}/members/${await idOf(clients.removed)}`,
    );
    expect(removed.status).toBe(200);
    fixtures.owner = clients.owner;
    fixtures.target = await server.signedInClient('Tim Target');
    fixtures.viewerId = await idOf(clients.viewer);
    fixtures.fileId = await uploadFile(paperId);
    const thread = await ownerCall('POST', `/api/papers/${paperId}/comments`, {
      anchor: 'Needs a source',
    });
    fixtures.threadId = (thread.thread as { id: string }).id;
  });
  afterAll(() => server.close());

  // Seven callers on some forty routes, one after another: minutes on a busy machine.
  it(
    'lets each role do exactly what the policy allows on every paper route',
    { timeout: 400_000 },
    async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const route of ROUTES) {
        for (const who of Object.keys(clients) as Exclude<Who, 'anonymous'>[]) {
          const made = (await route.prepare?.(paperId)) ?? '';
          const response = await clients[who].request(
            route.method,
            route.path(paperId, made),
            route.body?.(paperId, made),
          );
          const label = `${route.method} ${route.path('ID', 'X')} ${route.need} as ${who}`;
          const allowed = ALLOWED[route.need].includes(who);
          const outcome = allowed
            ? [401, 403, 404].includes(response.status)
              ? `refused ${response.status}`
              : 'allowed'
            : String(response.status);
          answers.push(`${label}: ${outcome}`);
          const member = who !== 'removed' && who !== 'stranger';
          expected.push(`${label}: ${allowed ? 'allowed' : member ? '403' : '404'}`);
        }
        const made = (await route.prepare?.(paperId)) ?? '';
        const anonymous = await server
          .client()
          .request(route.method, route.path(paperId, made), route.body?.(paperId, made));
        answers.push(`${route.method} ${route.path('ID', 'X')} as anonymous: ${anonymous.status}`);
        expected.push(`${route.method} ${route.path('ID', 'X')} as anonymous: 401`);
      }
      expect(answers).toEqual(expected);
    },
  );

  it('answers a stranger 404 with the same body as a missing paper', async () => {
    const missing = await clients.stranger.get('/api/papers/00000000-0000-4000-8000-000000000000');
    const foreign = await clients.stranger.get(`/api/papers/${paperId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('lets only the owner delete the paper; a member leaving keeps it for everyone else', async () => {
    const id = await newPaper(clients.owner, 'To be left and deleted');
    await share(clients.owner, id, clients.editor, 'editor');
    await share(clients.owner, id, clients.viewer, 'viewer');
    expect((await clients.editor.delete(`/api/papers/${id}`)).status).toBe(403);
    expect((await clients.stranger.delete(`/api/papers/${id}`)).status).toBe(404);

    const listed = (await clients.viewer.get('/api/papers')).body as unknown as {
      id: string;
      role: string;
      owner_name: string;
    }[];
    expect(listed.find((paper) => paper.id === id)).toMatchObject({
      role: 'viewer',
      owner_name: 'Olivia Owner',
    });
    // The viewer may not remove the editor, only leave themselves.
    const editorId = await idOf(clients.editor);
    expect((await clients.viewer.delete(`/api/papers/${id}/members/${editorId}`)).status).toBe(403);
    const left = await clients.viewer.delete(
      `/api/papers/${id}/members/${await idOf(clients.viewer)}`,
    );
    expect(left.status).toBe(200);
    const after = (await clients.viewer.get('/api/papers')).body as unknown as { id: string }[];
    expect(after.map((paper) => paper.id)).not.toContain(id);
    expect((await clients.viewer.get(`/api/papers/${id}`)).status).toBe(404);
    expect((await clients.editor.get(`/api/papers/${id}`)).status).toBe(200);
    expect((await clients.owner.get(`/api/papers/${id}`)).body.content).toBe(CONTENT);

    expect((await clients.owner.delete(`/api/papers/${id}`)).status).toBe(200);
    expect((await clients.editor.get(`/api/papers/${id}`)).status).toBe(404);
  });

  it('changes a role: the editor becomes a viewer and can no longer save', async () => {
    const id = await newPaper(clients.owner, 'Role change');
    await share(clients.owner, id, clients.editor, 'editor');
    const editorId = await idOf(clients.editor);
    expect((await clients.editor.put(`/api/papers/${id}`, { content: 'Edited' })).status).toBe(200);
    const changed = await clients.owner.patch(`/api/papers/${id}/members/${editorId}`, {
      role: 'viewer',
    });
    expect(changed.status).toBe(200);
    expect((await clients.editor.get(`/api/papers/${id}`)).body.role).toBe('viewer');
    const refused = await clients.editor.put(`/api/papers/${id}`, { content: 'Edited again' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your role on this paper does not allow this' });
    expect((await clients.owner.get(`/api/papers/${id}`)).body.content).toBe('Edited');
    const members = (await clients.owner.get(`/api/papers/${id}/members`)).body as unknown as {
      members: { user_id: string; role: string; name: string }[];
    };
    expect(members.members).toEqual([
      expect.objectContaining({ user_id: editorId, role: 'viewer', name: 'Eddie Editor' }),
    ]);
    const badRole = await clients.owner.patch(`/api/papers/${id}/members/${editorId}`, {
      role: 'owner',
    });
    expect(badRole.status).toBe(400);
  });

  it('invites an existing account by e-mail and tells when there is none', async () => {
    const id = await newPaper(clients.owner, 'By e-mail');
    const nobody = await clients.owner.post(`/api/papers/${id}/members`, {
      email: 'nobody@example.org',
      role: 'editor',
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toEqual({ error: 'No account uses this e-mail address' });
    const self = await clients.owner.post(`/api/papers/${id}/members`, {
      email: emails.owner,
      role: 'editor',
    });
    expect(self.status).toBe(400);
    const upper = await clients.owner.post(`/api/papers/${id}/members`, {
      email: emails.commenter?.toUpperCase(),
      role: 'commenter',
    });
    expect(upper.status).toBe(201);
    expect((await clients.commenter.get(`/api/papers/${id}`)).body.role).toBe('commenter');
  });

  describe('invitation links', () => {
    async function link(body: Record<string, unknown>, id: string) {
      const created = await clients.owner.post(`/api/papers/${id}/invitations`, body);
      expect(created.status).toBe(201);
      return created.body as unknown as { token: string; path: string; invitation: { id: string } };
    }

    it('lets people in with the link’s role, up to its number of uses', async () => {
      const id = await newPaper(clients.owner, 'Linked');
      const { token, path, invitation } = await link({ role: 'commenter', maxUses: 2 }, id);
      expect(path).toBe(`/invite/${token}`);
      expect(token.length).toBeGreaterThanOrEqual(40);

      const preview = await clients.viewer.get(`/api/invitations/${token}`);
      expect(preview.body).toMatchObject({
        paper_id: id,
        paper_title: 'Linked',
        owner_name: 'Olivia Owner',
        role: 'commenter',
        status: 'active',
        your_role: null,
      });
      const first = await clients.viewer.post(`/api/invitations/${token}/accept`);
      expect(first.body).toEqual({ paper_id: id, role: 'commenter' });
      // Accepting again changes nothing and uses nothing.
      expect((await clients.viewer.post(`/api/invitations/${token}/accept`)).status).toBe(200);
      expect((await clients.owner.post(`/api/invitations/${token}/accept`)).body).toEqual({
        paper_id: id,
        role: 'owner',
      });
      expect((await clients.editor.post(`/api/invitations/${token}/accept`)).status).toBe(200);
      const usedUp = await clients.stranger.post(`/api/invitations/${token}/accept`);
      expect(usedUp.status).toBe(410);
      expect(usedUp.body.error).toMatch(/already been used as often as it allows/);
      expect((await clients.stranger.get(`/api/papers/${id}`)).status).toBe(404);

      const listed = (await clients.owner.get(`/api/papers/${id}/invitations`)).body as unknown as {
        invitations: { id: string; uses: number; status: string }[];
      };
      expect(listed.invitations).toEqual([
        expect.objectContaining({ id: invitation.id, uses: 2, status: 'used-up' }),
      ]);
      // Members see who has access, not the owner's links.
      const seen = (await clients.viewer.get(`/api/papers/${id}/members`)).body as unknown as {
        invitations: unknown[];
      };
      expect(seen.invitations).toEqual([]);
    });

    it('refuses a revoked link, an expired one and an unknown one', async () => {
      const id = await newPaper(clients.owner, 'Closed links');
      const revoked = await link({ role: 'editor', maxUses: 5 }, id);
      expect(
        (await clients.owner.delete(`/api/papers/${id}/invitations/${revoked.invitation.id}`))
          .status,
      ).toBe(200);
      const refused = await clients.stranger.post(`/api/invitations/${revoked.token}/accept`);
      expect(refused.status).toBe(410);
      expect(refused.body.error).toMatch(/withdrawn/);
      expect((await clients.stranger.get(`/api/invitations/${revoked.token}`)).body.status).toBe(
        'revoked',
      );

      const expired = await link({ role: 'editor', maxUses: 5 }, id);
      await server.context.database.db
        .update(paperInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(paperInvitations.id, expired.invitation.id));
      const late = await clients.stranger.post(`/api/invitations/${expired.token}/accept`);
      expect(late.status).toBe(410);
      expect(late.body.error).toMatch(/expired/);

      const unknown = await clients.stranger.post(`/api/invitations/${'x'.repeat(43)}/accept`);
      expect(unknown.status).toBe(404);
      expect((await clients.stranger.get(`/api/papers/${id}`)).status).toBe(404);
      // Only the owner revokes.
      const other = await link({ role: 'viewer' }, id);
      expect(
        (await clients.stranger.delete(`/api/papers/${id}/invitations/${other.invitation.id}`))
          .status,
      ).toBe(404);
      expect((await server.client().post(`/api/invitations/${other.token}/accept`)).status).toBe(
        401,
      );
    });

    it('hands out the last use once when two people accept at the same time', async () => {
      const id = await newPaper(clients.owner, 'Last seat');
      const { token } = await link({ role: 'viewer', maxUses: 1 }, id);
      const answers = await Promise.all([
        clients.stranger.post(`/api/invitations/${token}/accept`),
        clients.removed.post(`/api/invitations/${token}/accept`),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    });
  });

  describe('comments', () => {
    it('keeps author, time, answers and resolution, and exports leave resolved ones out', async () => {
      const id = await newPaper(clients.owner, 'Commented');
      await share(clients.owner, id, clients.commenter, 'commenter');
      await share(clients.owner, id, clients.viewer, 'viewer');
      const paper = (await clients.commenter.get(`/api/papers/${id}`)).body;
      const commented = CONTENT.replace('helps memory', '[helps memory][[Needs a source]]').replace(
        'We read papers.',
        '[We read papers.][[Which ones?]]',
      );
      // A commenter saves comments, never other text.
      const saved = await clients.commenter.put(`/api/papers/${id}`, {
        content: commented,
        updated_at: paper.updated_at,
      });
      expect(saved.status).toBe(200);
      const textChange = await clients.commenter.put(`/api/papers/${id}`, {
        content: commented.replace('Sleep', 'Rest'),
      });
      expect(textChange.status).toBe(403);

      const first = await clients.commenter.post(`/api/papers/${id}/comments`, {
        anchor: 'Needs a source',
      });
      expect(first.status).toBe(201);
      const second = await clients.commenter.post(`/api/papers/${id}/comments`, {
        anchor: 'Which ones?',
      });
      const threadId = (first.body.thread as { id: string }).id;
      const reply = await clients.owner.post(`/api/papers/${id}/comments/${threadId}/replies`, {
        body: 'Added Walker 2017',
      });
      expect(reply.status).toBe(201);
      expect(
        (await clients.viewer.post(`/api/papers/${id}/comments/${threadId}/replies`, { body: 'x' }))
          .status,
      ).toBe(403);
      expect((await clients.stranger.get(`/api/papers/${id}/comments`)).status).toBe(404);
      const resolved = await clients.owner.patch(`/api/papers/${id}/comments/${threadId}`, {
        resolved: true,
      });
      expect(resolved.status).toBe(200);

      const threads = (await clients.viewer.get(`/api/papers/${id}/comments`)).body as unknown as {
        threads: Record<string, unknown>[];
      };
      expect(threads.threads).toEqual([
        expect.objectContaining({
          id: threadId,
          anchor: 'Needs a source',
          author_name: 'Cora Commenter',
          created_at: expect.any(String),
          resolved_at: expect.any(String),
          resolved_by_name: 'Olivia Owner',
          replies: [
            expect.objectContaining({ author_name: 'Olivia Owner', body: 'Added Walker 2017' }),
          ],
        }),
        expect.objectContaining({
          id: (second.body.thread as { id: string }).id,
          anchor: 'Which ones?',
          resolved_at: null,
          replies: [],
        }),
      ]);
      // The markdown keeps both in the spec's form.
      expect((await clients.viewer.get(`/api/papers/${id}`)).body.content).toBe(commented);
      const latex = await clients.viewer.post('/api/html-latex', { paperId: id });
      expect(latex.status).toBe(200);
      expect(latex.text).toContain('helps memory');
      expect(latex.text).not.toContain('Needs a source');
      expect(latex.text).toContain('Which ones?');
    });

    it("puts a commenter's comment into the live document from the server, at the text they chose", async () => {
      const id = await newPaper(clients.owner, 'Commented live');
      await share(clients.owner, id, clients.commenter, 'commenter');
      await share(clients.owner, id, clients.viewer, 'viewer');
      const reader = new LiveClient(server.url, id, { cookie: clients.commenter.cookieHeader() });
      const writer = new LiveClient(server.url, id, { cookie: clients.owner.cookieHeader() });
      try {
        await Promise.all([reader.synced(), writer.synced()]);
        const range = liveTextRange(reader.ydoc, 'helps memory');
        // The owner types before it meanwhile: the comment still goes on the chosen words.
        writer.write(CONTENT.replace('Sleep helps', 'Sleep really helps'));
        await writer.stored();
        expect(
          (await clients.viewer.post(`/api/papers/${id}/comments`, { anchor: 'No', range })).status,
        ).toBe(403);
        const added = await clients.commenter.post(`/api/papers/${id}/comments`, {
          anchor: 'Needs a source',
          range,
        });
        expect(added.status).toBe(201);
        const commented = 'Sleep really [helps memory][[Needs a source]].';
        await reader.until((markdown) => markdown.includes(commented));
        await writer.until((markdown) => markdown.includes(commented));
        expect((await clients.owner.get(`/api/papers/${id}`)).body.content).toContain(commented);

        const threadId = (added.body.thread as { id: string }).id;
        const at = { note: 'Needs a source', occurrence: 0 };
        const renoted = await clients.commenter.patch(`/api/papers/${id}/comments/${threadId}`, {
          anchor: 'Which study?',
          at,
        });
        expect(renoted.status).toBe(200);
        await reader.until((markdown) => markdown.includes('[helps memory][[Which study?]]'));
        const stale = await clients.commenter.patch(`/api/papers/${id}/comments/${threadId}`, {
          anchor: 'Again',
          at,
        });
        expect(stale.status).toBe(409);

        const removed = await clients.commenter.delete(
          `/api/papers/${id}/comments/${threadId}?note=Which%20study%3F&occurrence=0`,
        );
        expect(removed.status).toBe(200);
        await reader.until((markdown) => markdown.includes('Sleep really helps memory.'));
        expect((await clients.commenter.get(`/api/papers/${id}/comments`)).body.threads).toEqual(
          [],
        );
      } finally {
        reader.close();
        writer.close();
      }
    });
  });
});
