import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders, helmetHeaders } from './security-headers';

const directives = { defaultSrc: ["'self'"], frameAncestors: ["'none'"] };

describe('security headers', () => {
  it('works out helmet’s headers for the options once', () => {
    const headers = helmetHeaders({ hsts: false, contentSecurityPolicy: { directives } });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(helmetHeaders({ contentSecurityPolicy: { directives } })).toHaveProperty(
      'strict-transport-security',
    );
  });

  it('sends them with answers, errors and unknown routes alike', async () => {
    const app = Fastify();
    addSecurityHeaders(app, { contentSecurityPolicy: { directives } });
    app.get('/fine', async () => ({ ok: true }));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    for (const url of ['/fine', '/broken', '/missing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    await app.close();
  });
});
