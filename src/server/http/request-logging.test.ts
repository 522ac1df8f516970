import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DebugRequestLogController } from './request-logging';

async function logOfRequests(level: string): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new DebugRequestLogController(),
  });
  app.get('/api/thing', async () => ({ ok: true }));
  app.setNotFoundHandler((_request, reply) => reply.send('index'));
  await app.inject({ method: 'GET', url: '/api/thing?x=1' });
  await app.inject({ method: 'GET', url: '/papers/abc' });
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request logging', () => {
  it('logs nothing per request at the default info level', async () => {
    expect(await logOfRequests('info')).toEqual([]);
  });

  it('logs each request at debug', async () => {
    const lines = await logOfRequests('debug');
    expect(lines.every((line) => line.level === 20)).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'request completed',
    ]);
  });
});
