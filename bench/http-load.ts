/**
 * A closed-loop load generator: `connections` clients, each sending its next request as soon as
 * the previous answer is read, for a fixed time after a warm-up. Latencies are wall times as
 * the client sees them, so they include waiting for a core on a busy machine.
 */
import { Pool } from 'undici';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  /** A body per request (the index counts requests of this run), for writes that must differ. */
  body?: (index: number) => string;
}

export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The server process's CPU time per request, when the caller measured it: steadier than
   * wall-clock figures on a shared machine. */
  cpuMsPerRequest?: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export async function runLoad(
  url: string,
  request: LoadRequest,
  {
    connections,
    seconds,
    warmupSeconds = 1,
    serverCpuMs,
  }: {
    connections: number;
    seconds: number;
    warmupSeconds?: number;
    /** The server's CPU time so far, sampled after the warm-up and at the end. */
    serverCpuMs?: () => number;
  },
): Promise<LoadResult> {
  const pool = new Pool(url, { connections, pipelining: 1 });
  let index = 0;
  let errors = 0;
  const latencies: number[] = [];
  const warmupEnds = performance.now() + warmupSeconds * 1000;
  const ends = warmupEnds + seconds * 1000;
  let completed = 0;
  const client = async () => {
    while (performance.now() < ends) {
      const started = performance.now();
      const body = request.body?.(index++);
      const response = await pool.request({
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
      });
      await response.body.text();
      const finished = performance.now();
      // Throughput counts answers within the window; latency, requests sent within it (a
      // warm-up request may still be waiting when the window opens on a busy machine).
      if (finished >= warmupEnds && finished <= ends) completed += 1;
      if (started < warmupEnds) continue;
      if (response.statusCode >= 400) errors += 1;
      latencies.push(finished - started);
    }
  };
  // The server's CPU time over the same window as the answers counted.
  let cpuAtStart = 0;
  let cpuAtEnd = 0;
  setTimeout(() => (cpuAtStart = serverCpuMs?.() ?? 0), warmupSeconds * 1000);
  setTimeout(() => (cpuAtEnd = serverCpuMs?.() ?? 0), (warmupSeconds + seconds) * 1000);
  await Promise.all(Array.from({ length: connections }, client));
  const cpuUsed = serverCpuMs ? cpuAtEnd - cpuAtStart : undefined;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: completed / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...(cpuUsed === undefined ? {} : { cpuMsPerRequest: cpuUsed / completed }),
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export function describe(label: string, result: LoadResult): string {
  return `${label.padEnd(40)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms${result.cpuMsPerRequest === undefined ? '' : `   CPU ${result.cpuMsPerRequest.toFixed(2)} ms/req`}${result.errors ? `   ${result.errors} errors` : ''}`;
}
