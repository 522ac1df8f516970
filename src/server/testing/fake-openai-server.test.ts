import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';

describe('fake OpenAI-compatible server through the real SDK', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());

  const model = () =>
    createOpenAICompatible({ name: 'fake', baseURL: fake.baseUrl, includeUsage: true })('m');

  it('streams text chunks with usage', async () => {
    fake.respond = () => ({ kind: 'text', chunks: ['Hello ', 'world'] });
    const result = streamText({ model: model(), prompt: 'Say hello' });
    expect(await result.text).toBe('Hello world');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(fake.chats.at(-1)?.prompt).toBe('Say hello');
  });

  it('assembles tool-call argument deltas', async () => {
    fake.respond = () => ({
      kind: 'tool',
      name: 'cite',
      arguments: JSON.stringify({ refId: 'ref_abcd1234', certainty: 0.7 }),
      pieces: 4,
    });
    const result = streamText({
      model: model(),
      prompt: 'Cite',
      tools: {
        cite: tool({ inputSchema: z.object({ refId: z.string(), certainty: z.number() }) }),
      },
    });
    const calls = await result.toolCalls;
    expect(calls.map((call) => [call.toolName, call.input])).toEqual([
      ['cite', { refId: 'ref_abcd1234', certainty: 0.7 }],
    ]);
  });
});
