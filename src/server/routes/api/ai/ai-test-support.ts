import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStream, statusData } from '../../../../shared/ai/stream-markers';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { expect, vi } from 'vitest';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
} from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import type { TestDatabaseKind } from '../../../testing/test-databases';
import { startTestServer } from '../../../testing/test-server';

export const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../literature/testing/mini-corpus.jsonl',
);

/** Every document type, so the arXiv preprints of the mini corpus are found. */
export const ALL_TYPES_FILTERS = {
  includeText: '',
  excludeText: '',
  yearRange: [1990, new Date().getFullYear()],
  minCitations: 0,
  documentTypes: { article: true, preprint: true, wikipedia: true, rmv: true, web: true },
  jifFilter: { enabled: false, minValue: 0 },
};

export const SECTION_TEXT = [
  'Articles that are freely available on the web are cited more often than articles behind a paywall.',
  'Open access self-archiving on the arXiv repository is associated with higher citation counts in physics and astronomy.',
  'Snoring sounds can indicate obstructive sleep apnea in the general population.',
].join(' ');

export const DOCUMENT = `# Open access and citations\n\n## Introduction\n\n${SECTION_TEXT}\n\n## Methods\n\nWe compare citation counts.`;

export async function createPaper(client: TestClient, content = DOCUMENT): Promise<string> {
  const response = await client.post('/api/papers', {
    title: 'Open access and citations',
    type: 'scientific',
    content,
  });
  if (response.status !== 201) throw new Error(`paper: ${response.status}`);
  return response.body.id as string;
}

export function rewriteBody(paperId: string, extra: Record<string, unknown> = {}) {
  return {
    text: DOCUMENT,
    sectionNumber: '1',
    sectionLevel: 2,
    sectionTitle: 'Introduction',
    currentSection: SECTION_TEXT,
    currentParagraph: '',
    updatedSectionSoFar: '',
    paperId,
    taskExplanation: 'Rewrite this section.',
    paperType: 'scientific',
    filters: ALL_TYPES_FILTERS,
    ...extra,
  };
}

/** A streamed POST read chunk by chunk, as the browser reads it. */
export async function openStream(
  client: TestClient,
  route: string,
  body: unknown,
  signal?: AbortSignal,
) {
  const response = await fetch(`${client.baseUrl}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: client.baseUrl,
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let received = '';
  return {
    response,
    get received() {
      return received;
    },
    /** Reads until the received text satisfies `until` or the stream ends. */
    async readUntil(until: (text: string) => boolean = () => false): Promise<string> {
      while (reader && !until(received)) {
        const { done, value } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      return received;
    },
  };
}

/**
 * A rewrite whose model stream hangs after `text`, read until `text` arrived and then walked
 * away from, as a closed tab does. Answers the model's request once the server has cancelled it.
 */
export async function abandonedRewrite(
  fake: FakeOpenAiServer,
  client: TestClient,
  paperId: string,
  text: string,
) {
  fake.respond = (chat) =>
    chat.body.stream === true
      ? { kind: 'text', chunks: [text], hang: true }
      : defaultResponder(chat);
  const controller = new AbortController();
  const stream = await openStream(client, '/api/rewrite', rewriteBody(paperId), controller.signal);
  // The citation filter holds a trailing space back until it knows no removed citation follows.
  await stream.readUntil((received) => parseStream(received).text.includes(text.trim()));
  const writing = fake.chats.at(-1);
  controller.abort();
  await vi.waitFor(() => expect(writing?.closedEarly).toBe(true), { timeout: 10_000 });
  return writing;
}

export async function streamAll(client: TestClient, route: string, body: unknown) {
  const stream = await openStream(client, route, body);
  const text = await stream.readUntil();
  return { status: stream.response.status, text };
}

/** A model catalogue file (README "AI providers") in its own temporary folder. */
export function modelCatalogue(models: object[]): { file: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-models-'));
  const file = path.join(dir, 'models.json');
  writeFileSync(file, JSON.stringify(models));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The data of the stream's status `name` (a DATA_MARKER), if it sent one. */
export function dataOf<T>(text: string, name: string): T | undefined {
  for (const status of parseStream(text).statuses) {
    const data = statusData(status, name);
    if (data !== undefined) return data as T;
  }
  return undefined;
}

/**
 * A real server whose models are `models` on a local fake OpenAI endpoint, with the mini
 * corpus loaded: what every priced engine test starts from.
 */
export async function startModelServer(
  kind: TestDatabaseKind,
  models: object[],
  env: Record<string, string> = {},
) {
  const fake = await startFakeOpenAiServer();
  const catalogue = modelCatalogue(models);
  const server = await startTestServer(kind, {
    OPENAI_BASE_URL: fake.baseUrl,
    OPENAI_API_KEY: 'test-key',
    DEFAULT_MODEL: 'openai:fake-small',
    MODELS_FILE: catalogue.file,
    ...env,
  });
  await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
  const close = async () => {
    await server.close();
    await fake.close();
    catalogue.remove();
  };
  return { fake, server, close };
}
