let clientCounter = 0;

/** A distinct private address per client, e.g. 10.0.0.1, 10.0.0.2, … */
function nextClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

/**
 * A tiny HTTP client for API tests that keeps the session cookie like a browser would and
 * sends the Origin header better-auth expects from same-origin requests.
 *
 * Each client is one user's machine: it sends its own address in X-Forwarded-For, which the
 * test server believes because it trusts loopback as its proxy (startTestServer). Per-client
 * limits such as sign-ups per hour then apply per client, as they would in production.
 */
export class TestClient {
  #cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly address: string = nextClientAddress(),
  ) {}

  /** `rawBody` sends text as is (for malformed-input tests) instead of JSON-encoding `body`. */
  async request(method: string, path: string, body?: unknown, rawBody?: string) {
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      'x-forwarded-for': this.address,
    };
    if (body !== undefined || rawBody !== undefined) headers['content-type'] = 'application/json';
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value) this.#cookies.set(name, value);
      else this.#cookies.delete(name);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // Tests read fields off answers whose shape they assert; `any` would hide typos less well.
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: json as Record<string, unknown> & unknown[],
    };
  }

  /** The session cookie, for requests the client does not make itself (file downloads). */
  cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown) => this.request('POST', path, body ?? {});
  put = (path: string, body?: unknown) => this.request('PUT', path, body ?? {});
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body ?? {});
  delete = (path: string, body?: unknown) => this.request('DELETE', path, body);

  async signUp(email: string, password = 'correct horse battery', name = 'Test User') {
    const response = await this.post('/api/auth/sign-up/email', { email, password, name });
    if (response.status !== 200) {
      throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response;
  }
}
