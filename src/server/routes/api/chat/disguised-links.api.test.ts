import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationHtml } from '../../../../app/chat/conversation-html';
import type { ChatJobStatus, ChatMessage } from '../../../../shared/chat/chat';
import { markdownToJSON } from '../../../../shared/document';
import { urlScheme } from '../../../../shared/links/safe-url';
import { defaultResponder, type FakeOpenAiServer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import type { TestServer } from '../../../testing/test-server';
import { ALL_TYPES_FILTERS, createPaper, startModelServer } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

/** The probe's links (issue 31.7): each is `javascript:` to a browser. */
const DISGUISED_MARKDOWN =
  'See [one](<java\tscript:alert(1)>), [two](<\u0001javascript:alert(2)>), ' +
  '[three](<\u001f JAVA\tSCRIPT:alert(3)>) and [fine](https://example.org/ok).';

/** Every href in `html`, read as a browser reads it. */
function hrefSchemes(html: string): (string | null)[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) =>
    urlScheme((match[1] as string).replace(/&#(\d+);/g, (_, code) => String.fromCharCode(code))),
  );
}

function linkHrefs(markdown: string): string[] {
  const found: string[] = [];
  const walk = (node: ReturnType<typeof markdownToJSON>) => {
    for (const mark of node.marks ?? []) {
      if (mark.type === 'link') found.push(String(mark.attrs?.href));
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(markdownToJSON(markdown));
  return found;
}

describe.each(kinds)('disguised javascript: links on %s', (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;
  let alice: TestClient;
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-links-'));

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(kind, [
      { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
    ]));
    alice = await server.signedInClient();
  });
  afterAll(async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a chat answer holding them renders no javascript: href', async () => {
    fake.respond = (chat) =>
      !chat.body.response_format && chat.prompt.includes('You are a research assistant')
        ? { kind: 'text', chunks: [DISGUISED_MARKDOWN] }
        : defaultResponder(chat);
    const asked = await alice.post('/api/chat/v2', {
      question:
        'Are articles that are freely available on the web cited more often than articles behind a paywall?',
      createNewConversation: true,
      searchResults: {
        includeText: '',
        excludeText: '',
        yearStart: 1990,
        yearEnd: new Date().getFullYear(),
        minCitations: 0,
        documentTypes: ALL_TYPES_FILTERS.documentTypes,
      },
    });
    expect(asked.status).toBe(200);
    const { jobId, conversationId } = asked.body as unknown as {
      jobId: string;
      conversationId: string;
    };
    let status: ChatJobStatus | undefined;
    for (let i = 0; i < 400; i += 1) {
      status = (await alice.get(`/api/chat/v2?jobId=${jobId}`)).body as unknown as ChatJobStatus;
      if (!['pending', 'processing', 'streaming'].includes(status.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status?.status).toBe('completed');

    const { body } = await alice.get(`/api/conversations/${conversationId}`);
    const messages = (body as unknown as { messages: ChatMessage[] }).messages;
    const answer = messages.find((message) => message.role === 'assistant')!;
    expect(answer.content).toContain('one');
    // What the chat shows (the document module's reading) and what it prints (its HTML).
    expect(linkHrefs(answer.content)).toEqual(['https://example.org/ok']);
    const schemes = hrefSchemes(conversationHtml('Links', messages));
    expect(schemes).toContain('https');
    expect(schemes).not.toContain('javascript');
  });

  it('a section holding them exports no javascript: link to HTML, LaTeX or Word', async () => {
    const paperId = await createPaper(
      alice,
      `# Links\n\n## Introduction\n\n${DISGUISED_MARKDOWN}\n`,
    );
    const exported = async (route: string) => {
      const response = await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie: alice.cookieHeader(),
        },
        body: JSON.stringify({ paperId }),
      });
      expect(response.status).toBe(200);
      return Buffer.from(await response.arrayBuffer());
    };

    const html = (await exported('/api/export-html')).toString('utf8');
    expect(hrefSchemes(html)).toContain('https');
    expect(hrefSchemes(html)).not.toContain('javascript');

    const tex = (await exported('/api/html-latex')).toString('utf8');
    expect(tex).toContain('\\href{https://example.org/ok}');
    expect(tex.match(/\\href\{/g)).toHaveLength(1);

    const docx = path.join(dir, 'links.docx');
    writeFileSync(docx, await exported('/api/html-word'));
    const rels = execFileSync('unzip', ['-p', docx, 'word/_rels/document.xml.rels'], {
      encoding: 'utf8',
    });
    expect(rels).toContain('https://example.org/ok');
    expect(rels.replace(/\s/g, '').toLowerCase()).not.toContain('script:');
  });
});
