import { createServer, type IncomingMessage } from 'node:http';

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  currency: string;
  amount_total: number;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete';
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A local stand-in for the Stripe API speaking its wire protocol (form-encoded requests,
 * Bearer key, JSON objects and error envelopes) for the two calls Scriptor makes: create and
 * retrieve a Checkout session. Tests mark sessions paid as a customer would.
 */
export async function startFakeStripe(secretKey: string) {
  const sessions = new Map<string, FakeCheckoutSession>();
  const created: URLSearchParams[] = [];
  let counter = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(await readBody(request));
        created.push(form);
        counter += 1;
        const id = `cs_test_${counter.toString().padStart(6, '0')}`;
        const unit = Number(form.get('line_items[0][price_data][unit_amount]'));
        const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: form.get('mode') ?? 'payment',
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          amount_total: unit * quantity,
          client_reference_id: form.get('client_reference_id'),
          customer_email: form.get('customer_email'),
          metadata: { userId: form.get('metadata[userId]') ?? '' },
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
          payment_status: 'unpaid',
          status: 'open',
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match?.[1]) {
        const session = sessions.get(decodeURIComponent(match[1]));
        if (!session) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such checkout.session: '${match[1]}'`,
            },
          });
        }
        return send(200, session);
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    created,
    /** The customer completed the payment page. */
    pay(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
