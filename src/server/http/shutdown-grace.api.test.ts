import { describe, expect, it } from 'vitest';
import { abandonedRewrite, createPaper, startModelServer } from '../routes/api/ai/ai-test-support';

// The HTTP server's shutdown, the same on either database.
describe('shutting down after a client walked away from a stream', () => {
  it('closes the socket Node still counts as busy, instead of waiting out its keep-alive', async () => {
    const { fake, server, close } = await startModelServer('pglite', [
      { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
    ]);
    const alice = await server.signedInClient('Alice');
    const paperId = await createPaper(alice);
    await abandonedRewrite(fake, alice, paperId, 'Partial text ');
    // The test server's grace is 1 s (test-server.ts). Without one, the aborted stream's socket
    // held the close for Fastify's 72 s keep-alive timeout, past this test's time limit.
    await close();
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
