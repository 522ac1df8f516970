import { spawn, type ChildProcess } from 'node:child_process';

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
