/** An API failure carrying the server's `{error}` text, or a generic one when there is none. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** False when the answer carried no `{error}` text and `message` is the generic one. */
    readonly fromServer = true,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to tell the user about a failed call: the server's own reason when it gave one (a model
 * that is not configured, a balance, a job already running), else the feature's `fallback`.
 * A 500's 'Internal server error' explains nothing, so it gets the fallback too.
 */
export function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer && error.status !== 500
    ? error.message
    : fallback;
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const said =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : null;
    throw new ApiError(
      response.status,
      said ?? `Request failed with status ${response.status}`,
      said !== null,
    );
  }
  return body as T;
}
