import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback-server';

/**
 * A local OpenAI-compatible server for tests and benchmarks: GET /v1/models and POST
 * /v1/chat/completions with real SSE chunks (text and tool-call deltas, usage, [DONE]), JSON
 * answers for structured output, 429/500 errors, streams cut mid-way, a held-back first token
 * or held-back later tokens, and streams that never end. The engine under test talks to it over HTTP exactly as to a
 * real provider.
 */
export interface ChatRequest {
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: unknown }[];
    response_format?: { type: string; json_schema?: { schema?: { properties?: object } } };
    tools?: unknown[];
  };
  /** The text of every message, joined: what the prompt said. */
  prompt: string;
  /** True once the client closed the connection before the answer ended. */
  closedEarly: boolean;
}

export type FakeAnswer =
  | {
      kind: 'text';
      chunks: string[];
      /** The first chunk waits for this (a slow first token the test controls). */
      firstChunkAfter?: Promise<void>;
      /** Every chunk after the first waits for this (a model still writing when the test looks). */
      laterChunksAfter?: Promise<void>;
      /** Destroy the connection after this many chunks (a stream cut mid-way). */
      cutAfter?: number;
      /** Keep the stream open after the chunks until the client leaves. */
      hang?: boolean;
    }
  | {
      kind: 'json';
      value: unknown;
      /** The answer waits for this (a model still working when the test acts). */
      after?: Promise<void>;
    }
  | { kind: 'tool'; name: string; arguments: string; pieces?: number }
  | { kind: 'error'; status: 429 | 500; message?: string };

export type Responder = (request: ChatRequest) => FakeAnswer;

function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part as { text?: string }).text ?? '').join('');
  }
  return '';
}

const usage = (prompt: string, completion: string) => ({
  prompt_tokens: Math.ceil(prompt.length / 4),
  completion_tokens: Math.ceil(completion.length / 4),
  total_tokens: Math.ceil((prompt.length + completion.length) / 4),
});

let counter = 0;

function chunk(model: string, delta: object, finish: string | null = null) {
  return {
    id: `chatcmpl-fake${counter}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

function sse(response: ServerResponse, data: unknown) {
  response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

async function answer(request: ChatRequest, reply: FakeAnswer, response: ServerResponse) {
  const { model } = request.body;
  counter += 1;
  if (reply.kind === 'error') {
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        error: {
          message: reply.message ?? (reply.status === 429 ? 'Rate limit reached' : 'Server error'),
          type: reply.status === 429 ? 'rate_limit_error' : 'server_error',
          code: reply.status === 429 ? 'rate_limit_exceeded' : null,
        },
      }),
    );
    return;
  }
  if (reply.kind === 'json' && reply.after) await reply.after;
  if (reply.kind === 'json' && !request.body.stream) {
    const content = JSON.stringify(reply.value);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-fake${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: usage(request.prompt, content),
      }),
    );
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  if (reply.kind === 'tool') {
    const pieces = reply.pieces ?? 3;
    const size = Math.ceil(reply.arguments.length / pieces);
    sse(
      response,
      chunk(model, {
        role: 'assistant',
        tool_calls: [
          {
            index: 0,
            id: `call_${counter}`,
            type: 'function',
            function: { name: reply.name, arguments: '' },
          },
        ],
      }),
    );
    for (let at = 0; at < reply.arguments.length; at += size) {
      sse(
        response,
        chunk(model, {
          tool_calls: [{ index: 0, function: { arguments: reply.arguments.slice(at, at + size) } }],
        }),
      );
    }
    sse(response, chunk(model, {}, 'tool_calls'));
    sse(response, {
      ...chunk(model, {}),
      choices: [],
      usage: usage(request.prompt, reply.arguments),
    });
    sse(response, '[DONE]');
    response.end();
    return;
  }
  const chunks = reply.kind === 'json' ? [JSON.stringify(reply.value)] : reply.chunks;
  sse(response, chunk(model, { role: 'assistant', content: '' }));
  for (const [index, text] of chunks.entries()) {
    if (index === 0 && reply.kind === 'text' && reply.firstChunkAfter) await reply.firstChunkAfter;
    if (index > 0 && reply.kind === 'text' && reply.laterChunksAfter) await reply.laterChunksAfter;
    if (request.closedEarly) return;
    if (reply.kind === 'text' && reply.cutAfter === index) {
      response.socket?.destroy();
      return;
    }
    sse(response, chunk(model, { content: text }));
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (reply.kind === 'text' && reply.hang) return;
  sse(response, chunk(model, {}, 'stop'));
  sse(response, {
    ...chunk(model, {}),
    choices: [],
    usage: usage(request.prompt, chunks.join('')),
  });
  sse(response, '[DONE]');
  response.end();
}

export interface FakeOpenAiServer {
  /** The base URL to give as OPENAI_BASE_URL (ends in /v1). */
  baseUrl: string;
  chats: ChatRequest[];
  modelListCalls: number;
  respond: Responder;
  close(): Promise<void>;
}

export async function startFakeOpenAiServer(
  options: { models?: string[]; respond?: Responder } = {},
): Promise<FakeOpenAiServer> {
  const fake: FakeOpenAiServer = {
    baseUrl: '',
    chats: [],
    modelListCalls: 0,
    respond: options.respond ?? defaultResponder,
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (request.method === 'GET' && path === '/v1/models') {
        fake.modelListCalls += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            data: (options.models ?? ['fake-small', 'fake-large']).map((id) => ({
              id,
              object: 'model',
              created: 0,
              owned_by: 'fake',
            })),
          }),
        );
        return;
      }
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        const body = JSON.parse(await readBody(request)) as ChatRequest['body'];
        const chat: ChatRequest = {
          body,
          prompt: body.messages.map((message) => messageText(message.content)).join('\n\n'),
          closedEarly: false,
        };
        fake.chats.push(chat);
        response.once('close', () => {
          if (!response.writableFinished) chat.closedEarly = true;
        });
        await answer(chat, fake.respond(chat), response);
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Not found' } }));
    })().catch(() => response.destroy());
  });
  const listening = await listenOnLoopback(server);
  fake.baseUrl = `${listening.url}/v1`;
  fake.close = listening.close;
  return fake;
}

/** The ids a prompt lists as evidence ('[ref_xxxxxxxx] Title ...' lines). */
export function evidenceIds(prompt: string): string[] {
  return [...prompt.matchAll(/^\[(ref_[a-z0-9]{8})\] /gm)].map((match) => match[1] as string);
}

/**
 * Answers like a cooperative model: query plans and citation verdicts as JSON for structured
 * output, and for writing a short text citing the first evidence work.
 */
export function defaultResponder(request: ChatRequest): FakeAnswer {
  const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
  if ('queries' in properties) {
    return { kind: 'json', value: { queries: ['test query one', 'test query two'] } };
  }
  if ('certainty' in properties) {
    return {
      kind: 'json',
      value: { certainty: 0.9, reasoning: 'The abstract states the finding.', evidence: '' },
    };
  }
  const [first] = evidenceIds(request.prompt);
  const cite = first ? ` [${first}]` : '';
  return { kind: 'text', chunks: ['Generated ', 'section text', `${cite}.`] };
}
