import { createAnthropic } from '@ai-sdk/anthropic';
import { APICallError, generateText, Output, RetryError, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropicServer, type FakeAnthropicServer } from './fake-anthropic-server';

describe('fake Anthropic Messages API through the real SDK', () => {
  let fake: FakeAnthropicServer;
  beforeAll(async () => {
    fake = await startFakeAnthropicServer({ apiKey: 'sk-ant-test' });
  });
  afterAll(() => fake.close());

  const model = (id = 'claude-3-5-haiku-latest', apiKey = 'sk-ant-test') =>
    createAnthropic({ apiKey, baseURL: fake.baseUrl }).languageModel(id);

  it('streams text deltas with the usage of message_start and message_delta', async () => {
    fake.respond = () => ({ kind: 'text', chunks: ['Hello ', 'world'] });
    const result = streamText({ model: model(), system: 'Be brief.', prompt: 'Say hello' });
    expect(await result.text).toBe('Hello world');
    const usage = await result.usage;
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBe(3);
    expect(await result.finishReason).toBe('stop');
    const request = fake.requests.at(-1);
    expect(request?.prompt).toBe('Be brief.\n\nSay hello');
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it('answers structured output as a forced json tool or as JSON text, as the model asks', async () => {
    fake.respond = () => ({ kind: 'json', value: { answer: 42 } });
    const schema = z.object({ answer: z.number() });
    for (const id of ['claude-3-5-haiku-latest', 'claude-sonnet-4-5']) {
      const { output } = await generateText({
        model: model(id),
        prompt: 'Answer',
        output: Output.object({ schema }),
      });
      expect(output).toEqual({ answer: 42 });
    }
    const [toolRequest, formatRequest] = fake.requests.slice(-2);
    expect(toolRequest?.body.tools?.map((tool) => tool.name)).toEqual(['json']);
    expect(toolRequest?.body.tool_choice?.type).toBe('any');
    expect(formatRequest?.body.output_config?.format?.type).toBe('json_schema');
    const streamed = streamText({
      model: model(),
      prompt: 'Answer',
      output: Output.object({ schema }),
    });
    expect(await streamed.output).toEqual({ answer: 42 });
  });

  it('answers 429 with retry-after, which the SDK honours before its retry', async () => {
    let calls = 0;
    fake.respond = () => {
      calls += 1;
      return calls === 1
        ? { kind: 'error', type: 'rate_limit_error', retryAfterSeconds: 0 }
        : { kind: 'text', chunks: ['After the wait'] };
    };
    const result = await generateText({ model: model(), prompt: 'Hi', maxRetries: 1 });
    expect(result.text).toBe('After the wait');
    expect(calls).toBe(2);
  });

  it('rejects a wrong key with the API error shape and reports an error event mid-stream', async () => {
    const refused = await generateText({
      model: model('claude-3-5-haiku-latest', 'wrong'),
      prompt: 'Hi',
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(APICallError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ statusCode: 401, message: 'invalid x-api-key' });

    fake.respond = () => ({ kind: 'text', chunks: ['Partial ', 'rest'], errorEventAfter: 1 });
    const errors: unknown[] = [];
    const result = streamText({
      model: model(),
      prompt: 'Hi',
      onError: ({ error }) => void errors.push(error),
    });
    let text = '';
    for await (const part of result.fullStream) if (part.type === 'text-delta') text += part.text;
    expect(text).toBe('Partial ');
    expect(errors).toEqual([expect.objectContaining({ type: 'overloaded_error' })]);
    expect(RetryError.isInstance(errors[0])).toBe(false);
  });
});
