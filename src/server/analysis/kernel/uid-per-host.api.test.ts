import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../routes/api/ai/ai-test-support';
import {
  analyse,
  isAnalysisRequest,
  SCORES_CSV,
  uploadDataFile,
} from '../../routes/api/data-analysis/analysis-test-support';
import { cleanupsAfterEach } from '../../testing/crash-restart';
import { defaultResponder, startFakeOpenAiServer } from '../../testing/fake-openai-server';
import { freePort, ServerProcess } from '../../testing/server-process';
import { TestClient } from '../../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../../testing/test-databases';

const kinds = await testDatabaseKinds();

/** The sandbox's uid: its user namespace maps the host uid to itself (uid_map's first field). */
const UID_CELL = "print('host uid', open('/proc/self/uid_map').read().split()[0])";

describe.runIf(kinds.includes('postgres') && process.getuid?.() === 0)(
  'sandbox uids with two server processes on one PostgreSQL',
  { timeout: 480_000 },
  () => {
    const cleanups = cleanupsAfterEach();

    it('never give two live sandboxes the same host uid', async () => {
      const fake = await startFakeOpenAiServer({
        respond: (chat) =>
          isAnalysisRequest(chat, 'PLAN')
            ? { kind: 'json', value: { plan: 'Which uid?', cells: [UID_CELL] } }
            : isAnalysisRequest(chat, 'REPORT')
              ? { kind: 'text', chunks: ['Done.'] }
              : defaultResponder(chat),
      });
      cleanups.push(() => fake.close());
      const catalogue = modelCatalogue([
        { model_name: 'openai:fake-small', descriptive_name: 'Fake', free_tier: true },
      ]);
      cleanups.push(() => catalogue.remove());
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      // One after the other: the first one migrates the database.
      const servers: ServerProcess[] = [];
      for (const index of [0, 1]) {
        servers[index] = await (async () => {
          const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-uid-'));
          cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
          const server = new ServerProcess(await freePort(), {
            DATA_DIR: dataDir,
            DATABASE_URL: database.url,
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            QUEUE_MAINTENANCE_SECONDS: '1',
            CORPUS_AUTOLOAD: 'off',
            OPENAI_BASE_URL: fake.baseUrl,
            OPENAI_API_KEY: 'test-key',
            DEFAULT_MODEL: 'openai:fake-small',
            MODELS_FILE: catalogue.file,
            // Every conversation's kernel stays alive, holding its uid, for the whole test.
            ANALYSIS_MAX_KERNELS_PER_USER: '8',
          });
          cleanups.push(async () => void (await server.stop('SIGKILL')));
          await server.start();
          return server;
        })();
      }
      // A user on each process, each with a file; steps posted to both processes at once,
      // and either process's worker may run each.
      const users = await Promise.all(
        servers.map(async (server, index) => {
          const client = new TestClient(server.url);
          const email = `uids-${index}@example.org`;
          await client.signUp(email);
          const uploaded = await uploadDataFile(client, 'scores.csv', SCORES_CSV, email);
          expect(uploaded.status).toBe(201);
          return { client, fileId: uploaded.body.fileId };
        }),
      );
      const steps = await Promise.all(
        [0, 1, 2, 3].map((index) => {
          const user = users[index % 2]!;
          return analyse(user.client, {
            jobId: `conversation-uid-${index}`,
            question: 'Which uid?',
            messages: [],
            fileId: user.fileId,
          });
        }),
      );
      const uids = steps.map(({ step }) => {
        expect(step?.status).toBe('completed');
        const cell = step!.trace.cells.find((candidate) => candidate.cell_type === 'code');
        return Number(/host uid (\d+)/.exec(cell?.outputs?.[0]?.text ?? '')?.[1]);
      });
      for (const uid of uids) expect(uid).toBeGreaterThanOrEqual(200_000);
      expect(new Set(uids).size).toBe(4);
    });
  },
);
