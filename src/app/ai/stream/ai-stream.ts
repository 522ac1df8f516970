import { parseStream, type ParsedStream } from '../../../shared/ai/stream-markers';
import { ApiError } from '../../api/http';

export interface StreamOptions {
  signal: AbortSignal;
  /** Called with the whole answer parsed so far, after every chunk. */
  onUpdate: (parsed: ParsedStream) => void;
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
      return new ApiError(response.status, body.error);
    }
  } catch {
    // Not JSON: the status text is all there is.
  }
  return new ApiError(response.status, `Failed to generate content: ${response.statusText}`, false);
}

/**
 * POSTs `body` to one of the streamed AI routes and reads the marker protocol
 * (src/shared/ai/stream-markers.ts) as it arrives. Resolves with the final parse; rejects with
 * an ApiError for a refused request, or the fetch's AbortError when `signal` aborts (which
 * closes the connection, so the server cancels its provider request).
 */
export async function streamAi(
  path: string,
  body: unknown,
  { signal, onUpdate }: StreamOptions,
): Promise<ParsedStream> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!response.body) throw new ApiError(response.status, 'No response body');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  let parsed = parseStream('');
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    received += value;
    parsed = parseStream(received);
    onUpdate(parsed);
  }
  return parsed;
}
