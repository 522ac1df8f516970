import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, readBody } from './loopback-server';
import { evidenceIds } from './fake-openai-server';

/**
 * A local Anthropic Messages API (POST /v1/messages) for tests and benchmarks. It answers as
 * the real API documents it (https://docs.anthropic.com/en/api/messages-streaming,
 * https://docs.anthropic.com/en/api/errors): a JSON message, or an SSE stream of
 * message_start, content_block_start/delta/stop (text_delta, input_json_delta), ping,
 * message_delta with the stop reason and output usage, and message_stop; errors as
 * `{type: 'error', error: {type, message}}` with the API's statuses, 429 with retry-after, an
 * `error` event mid-stream, a stream cut mid-way, a held-back first token and a stream that
 * never ends. It checks the x-api-key and anthropic-version headers like the API.
 */
export interface MessagesRequest {
  body: {
    model: string;
    max_tokens: number;
    stream?: boolean;
    system?: string | { type: string; text: string }[];
    messages: { role: string; content: unknown }[];
    tools?: { name: string; input_schema?: { properties?: object } }[];
    tool_choice?: { type: string; name?: string };
    output_config?: { format?: { type: string; schema?: { properties?: object } } };
  };
  headers: IncomingMessage['headers'];
  /** The text of the system prompt and every message, joined: what the prompt said. */
  prompt: string;
  /** True once the client closed the connection before the answer ended. */
  closedEarly: boolean;
}

/** The error types of the API, with their statuses. */
const ERROR_STATUS = {
  invalid_request_error: 400,
  authentication_error: 401,
  not_found_error: 404,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
} as const;

export type AnthropicErrorType = keyof typeof ERROR_STATUS;

export type FakeAnthropicAnswer =
  | {
      kind: 'text';
      chunks: string[];
      /** The first chunk waits for this (a slow first token the test controls). */
      firstChunkAfter?: Promise<void>;
      /** Destroy the connection after this many chunks (a stream cut mid-way). */
      cutAfter?: number;
      /** Send an `error` event (overloaded_error) after this many chunks, as the API does. */
      errorEventAfter?: number;
      /** Keep the stream open after the chunks until the client leaves. */
      hang?: boolean;
    }
  /** Structured output: a forced `json` tool call when the request asked for one, else JSON text. */
  | { kind: 'json'; value: unknown }
  | { kind: 'error'; type: AnthropicErrorType; message?: string; retryAfterSeconds?: number };

export type AnthropicResponder = (request: MessagesRequest) => FakeAnthropicAnswer;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (part as { text?: string }).text ?? '').join('');
  }
  return '';
}

/** The schema's properties a structured-output request asked for, either way the SDK asks. */
export function requestedProperties(request: MessagesRequest): object {
  const forcedTool = request.body.tools?.find((tool) => tool.name === 'json');
  return (
    forcedTool?.input_schema?.properties ??
    request.body.output_config?.format?.schema?.properties ??
    {}
  );
}

/** The SDK forces its `json` tool with tool_choice 'any' (the only tool) or by name. */
const usesJsonTool = (request: MessagesRequest) => {
  const choice = request.body.tool_choice;
  const only = request.body.tools?.length === 1 && request.body.tools[0]?.name === 'json';
  return (choice?.type === 'any' && only) || (choice?.type === 'tool' && choice.name === 'json');
};

let counter = 0;

function event(response: ServerResponse, type: string, data: object) {
  response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

function sendError(
  response: ServerResponse,
  type: AnthropicErrorType,
  message: string,
  retryAfterSeconds?: number,
) {
  response.writeHead(ERROR_STATUS[type], {
    'content-type': 'application/json',
    'request-id': `req_fake${counter}`,
    ...(retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {}),
  });
  response.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

const DEFAULT_MESSAGES: Record<AnthropicErrorType, string> = {
  invalid_request_error: 'Invalid request',
  authentication_error: 'invalid x-api-key',
  not_found_error: 'Not found',
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit',
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
};

const inputTokens = (request: MessagesRequest) => Math.ceil(request.prompt.length / 4);

async function answer(request: MessagesRequest, reply: FakeAnthropicAnswer, res: ServerResponse) {
  const { model } = request.body;
  counter += 1;
  const id = `msg_fake${counter}`;
  if (reply.kind === 'error') {
    sendError(
      res,
      reply.type,
      reply.message ?? DEFAULT_MESSAGES[reply.type],
      reply.retryAfterSeconds,
    );
    return;
  }
  const json = reply.kind === 'json' ? JSON.stringify(reply.value) : '';
  const toolBlock = reply.kind === 'json' && usesJsonTool(request);
  if (!request.body.stream) {
    const text = reply.kind === 'text' ? reply.chunks.join('') : json;
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_fake${counter}` });
    res.end(
      JSON.stringify({
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: toolBlock
          ? [{ type: 'tool_use', id: `toolu_fake${counter}`, name: 'json', input: reply.value }]
          : [{ type: 'text', text }],
        stop_reason: toolBlock ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: inputTokens(request), output_tokens: Math.ceil(text.length / 4) },
      }),
    );
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'request-id': `req_fake${counter}`,
  });
  event(res, 'message_start', {
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens(request), output_tokens: 1 },
    },
  });
  event(res, 'content_block_start', {
    index: 0,
    content_block: toolBlock
      ? { type: 'tool_use', id: `toolu_fake${counter}`, name: 'json', input: {} }
      : { type: 'text', text: '' },
  });
  event(res, 'ping', {});
  const chunks = reply.kind === 'text' ? reply.chunks : [json.slice(0, 5), json.slice(5)];
  for (const [index, text] of chunks.entries()) {
    if (index === 0 && reply.kind === 'text' && reply.firstChunkAfter) await reply.firstChunkAfter;
    if (request.closedEarly) return;
    if (reply.kind === 'text' && reply.cutAfter === index) {
      res.socket?.destroy();
      return;
    }
    if (reply.kind === 'text' && reply.errorEventAfter === index) {
      event(res, 'error', {
        error: { type: 'overloaded_error', message: DEFAULT_MESSAGES.overloaded_error },
      });
      res.end();
      return;
    }
    event(res, 'content_block_delta', {
      index: 0,
      delta: toolBlock
        ? { type: 'input_json_delta', partial_json: text }
        : { type: 'text_delta', text },
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (reply.kind === 'text' && reply.hang) return;
  event(res, 'content_block_stop', { index: 0 });
  event(res, 'message_delta', {
    delta: { stop_reason: toolBlock ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: Math.ceil(chunks.join('').length / 4) },
  });
  event(res, 'message_stop', {});
  res.end();
}

export interface FakeAnthropicServer {
  /** The base URL to give as ANTHROPIC_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: MessagesRequest[];
  respond: AnthropicResponder;
  close(): Promise<void>;
}

export async function startFakeAnthropicServer(
  options: { apiKey?: string; respond?: AnthropicResponder } = {},
): Promise<FakeAnthropicServer> {
  const apiKey = options.apiKey ?? 'test-anthropic-key';
  const fake: FakeAnthropicServer = {
    baseUrl: '',
    requests: [],
    respond: options.respond ?? defaultAnthropicResponder,
    close: async () => undefined,
  };
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (request.method !== 'POST' || path !== '/v1/messages') {
        sendError(response, 'not_found_error', 'Not found');
        return;
      }
      if (request.headers['x-api-key'] !== apiKey) {
        sendError(response, 'authentication_error', DEFAULT_MESSAGES.authentication_error);
        return;
      }
      if (!request.headers['anthropic-version']) {
        sendError(response, 'invalid_request_error', 'anthropic-version: header is required');
        return;
      }
      const body = JSON.parse(await readBody(request)) as MessagesRequest['body'];
      const system = typeof body.system === 'string' ? body.system : textOf(body.system);
      const recorded: MessagesRequest = {
        body,
        headers: request.headers,
        prompt: [system, ...body.messages.map((message) => textOf(message.content))]
          .filter(Boolean)
          .join('\n\n'),
        closedEarly: false,
      };
      fake.requests.push(recorded);
      response.once('close', () => {
        if (!response.writableFinished) recorded.closedEarly = true;
      });
      await answer(recorded, fake.respond(recorded), response);
    })().catch(() => response.destroy());
  });
  const listening = await listenOnLoopback(server);
  fake.baseUrl = `${listening.url}/v1`;
  fake.close = listening.close;
  return fake;
}

/**
 * Answers like a cooperative Claude model: query plans and citation verdicts as structured
 * output, and for writing a short text citing the first evidence work.
 */
export function defaultAnthropicResponder(request: MessagesRequest): FakeAnthropicAnswer {
  const properties = requestedProperties(request);
  if ('queries' in properties) {
    return { kind: 'json', value: { queries: ['claude query one', 'claude query two'] } };
  }
  if ('certainty' in properties) {
    return {
      kind: 'json',
      value: { certainty: 0.8, reasoning: 'Claude finds the claim in the abstract.', evidence: '' },
    };
  }
  const [first] = evidenceIds(request.prompt);
  const cite = first ? ` [${first}]` : '';
  return { kind: 'text', chunks: ['Claude wrote ', 'this section', `${cite}.`] };
}
