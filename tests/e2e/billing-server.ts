import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/server/testing/server-process';

/**
 * A second real Scriptor server for browser tests that need settings the shared one does not
 * have (a model catalogue). It serves the client built by the Playwright web server.
 */
export async function startExtraServer(port: number, env: Record<string, string>) {
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CORPUS_AUTOLOAD: 'off',
      ...env,
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The extra server on port ${port} did not start`);
}

/**
 * An extra server offering the catalogue of tests/e2e/fixtures/models.json (Scholar Small,
 * free tier, $0.02; Scholar Large, $0.15) through a provider address where nothing listens:
 * models are offered and priced, and nothing here calls them. `stop` also removes its data.
 */
export async function startCatalogueServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-e2e-catalogue-'));
  const modelsFile = path.join(dataDir, 'models.json');
  copyFileSync('tests/e2e/fixtures/models.json', modelsFile);
  const server = await startExtraServer(await freePort(), {
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_API_KEY: 'unused',
    MODELS_FILE: modelsFile,
    DEFAULT_MODEL: 'openai:e2e-small',
    // Each test page plays its own client address, as on the suite's server (helpers.ts).
    TRUSTED_PROXIES: 'loopback',
    ...env,
  });
  return {
    url: server.url,
    modelsFile,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
