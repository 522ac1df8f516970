import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import RedisClient from 'ioredis';
import pg from 'pg';
import { freePort, ServerProcess } from '../../testing/server-process';
import { createPostgresDatabase } from '../../testing/test-databases';

const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

/** The Redis the tests relay through (`.ci/run` starts one on the default address). */
export function redisUrlForTests(): string {
  return process.env.REDIS_URL_TEST ?? DEFAULT_REDIS;
}

/**
 * Whether the tests' Redis answers. CI (SCRIPTOR_REQUIRE_POSTGRES=1, which `.ci/run` sets
 * after starting both) fails instead of skipping.
 */
export async function redisReachable(): Promise<boolean> {
  const client = new RedisClient(redisUrlForTests(), {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    if (process.env.SCRIPTOR_REQUIRE_POSTGRES === '1') {
      throw new Error(`Redis is required but not reachable at ${redisUrlForTests()}`);
    }
    console.warn('Redis not reachable: the tests of several web processes are skipped');
    return false;
  } finally {
    client.disconnect();
  }
}

export interface TwoProcesses {
  first: ServerProcess;
  second: ServerProcess;
  /** The paper's markdown as stored (papers.content), read from the database itself. */
  storedContent(paperId: string): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * Two real web processes (src/server/main.ts, each its own child process and data directory)
 * on one fresh PostgreSQL database, with one auth secret as a deployment's processes share, so
 * a cookie of one is valid in the other; `env` adds to both (REDIS_URL). Without `ports`, each
 * listens on a free port.
 */
export async function startTwoProcesses(
  env: Record<string, string> = {},
  ports?: readonly [number, number],
): Promise<TwoProcesses> {
  const database = await createPostgresDatabase();
  const dataDirs: string[] = [];
  const processes: ServerProcess[] = [];
  const reader = new pg.Client({ connectionString: database.url });
  const close = async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await reader.end().catch(() => undefined);
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-two-processes-'));
      dataDirs.push(dataDir);
      const server = new ServerProcess(ports?.[i] ?? (await freePort()), {
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        CORPUS_AUTOLOAD: 'off',
        TRUSTED_PROXIES: 'loopback',
        DATABASE_URL: database.url,
        AUTH_SECRET: 'two-processes-test-secret-0123456789abcdef',
        ...env,
      });
      processes.push(server);
      // One after the other: the first applies the migrations.
      await server.start();
    }
    await reader.connect();
  } catch (error) {
    await close();
    throw error;
  }
  const [first, second] = processes as [ServerProcess, ServerProcess];
  return {
    first,
    second,
    async storedContent(paperId) {
      const result = await reader.query<{ content: string }>(
        'select content from papers where id = $1',
        [paperId],
      );
      return result.rows[0]?.content;
    },
    close,
  };
}
