import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmUpCitationEngine } from './format-apa';
import { outboundTrusting } from '../testing/outbound-trusting';
import { resolveReference } from './reference-resolver';
import { journalArticle, makeWork } from './test-fixtures';

const NEGOTIATED = 'Negotiated, A. (2020). From the DOI service. Journal, 1, 1–2.';
const server = createServer((request, response) => {
  if (request.url === '/10.1000/known') {
    response.writeHead(200, { 'content-type': 'text/x-bibliography' });
    response.end(NEGOTIATED);
    return;
  }
  response.writeHead(404);
  response.end();
});
let baseUrl = '';

beforeAll(async () => {
  warmUpCitationEngine();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('resolveReference', () => {
  it('formats a well-described stored work with citation-js', async () => {
    const result = await resolveReference(
      { doi: journalArticle.doi, work: journalArticle },
      { negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
    );
    expect(result.origin).toBe('citation-js');
    expect(result.reference).toMatch(/^Grady, J\. S\., Her, M\./);
    expect(result.doi).toBe('10.1037/ppm0000185');
  });

  it('asks the DOI service when the stored record is too thin', async () => {
    const thin = makeWork({ title: 'Thin record', doi: '10.1000/known' });
    expect(
      await resolveReference(
        { doi: null, work: thin },
        { negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
      ),
    ).toEqual({
      doi: '10.1000/known',
      reference: NEGOTIATED,
      origin: 'doi-negotiation',
    });
  });

  it('asks the DOI service when there is no stored record', async () => {
    const result = await resolveReference(
      { doi: 'https://doi.org/10.1000/KNOWN', work: null },
      { negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
    );
    expect(result).toEqual({
      doi: '10.1000/known',
      reference: NEGOTIATED,
      origin: 'doi-negotiation',
    });
  });

  it('generates a line when the DOI service does not know the work', async () => {
    const thin = makeWork({ title: 'Thin record', doi: 'arxiv:2101.00001', published_year: 2021 });
    expect(
      await resolveReference(
        { doi: null, work: thin },
        { negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
      ),
    ).toEqual({
      doi: 'arxiv:2101.00001',
      reference: 'Thin record. (2021). arXiv:2101.00001.',
      origin: 'fallback',
    });
  });

  it('answers "{doi} not found" with neither a record nor an answer', async () => {
    expect(
      await resolveReference(
        { doi: '10.1000/unknown', work: null },
        { negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
      ),
    ).toEqual({
      doi: '10.1000/unknown',
      reference: '10.1000/unknown not found',
      origin: 'not-found',
    });
  });

  it('falls through an unknown style to the next source', async () => {
    const result = await resolveReference(
      { doi: null, work: makeWork({ title: 'T', authors: ['Ann Lee'], published_year: 2020 }) },
      { style: 'no-such-style', negotiation: { baseUrl, outbound: outboundTrusting(baseUrl) } },
    );
    expect(result).toEqual({ doi: null, reference: 'Lee, A. (2020). T.', origin: 'fallback' });
  });
});
