import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/chat';
import { emptyWork, type CitedWork } from '../../shared/citations/work';
import { conversationHtml } from './conversation-html';
import { conversationPdfName } from './download-conversation-pdf';

function cited(fields: Partial<CitedWork> & Pick<CitedWork, 'refId' | 'title'>): CitedWork {
  return {
    ...emptyWork({ refId: fields.refId, id: fields.refId, title: fields.title }),
    similarity_score: null,
    certainty: 0.9,
    reasoning: null,
    evidence: null,
    ...fields,
  };
}

const journal = cited({
  refId: 'ref_aaaaaaaa',
  title: 'Open access and citations',
  authors: ['Lawrence, Steve'],
  published_year: 2001,
  doi: '10.1038/35079151',
  container_title: 'Nature',
});
const preprint = cited({
  refId: 'ref_bbbbbbbb',
  title: 'The open access advantage',
  authors: ['Harnad, Stevan', 'Brody, Tim'],
  published_year: 2004,
  doi: 'arxiv:cs/0412076',
});
const page = cited({
  refId: 'ref_cccccccc',
  title: 'A page on the web',
  type: 'web',
  hyperlink: 'https://example.org/oa',
});

const message = (
  role: ChatMessage['role'],
  content: string,
  papers: CitedWork[] = [],
): ChatMessage => ({
  id: `${role}-${content.length}`,
  role,
  content,
  html_content: null,
  metadata:
    role === 'assistant' ? { intent: 'information', papersCount: papers.length, papers } : null,
  created_at: '2026-11-26T10:00:00.000Z',
  actions: null,
});

describe('conversationHtml', () => {
  const html = conversationHtml('Open <access>', [
    message('user', 'Is open access <cited> more?'),
    message(
      'assistant',
      'Open access articles are **cited more** [ref_aaaaaaaa; ref_bbbbbbbb]. Unknown [ref_dddddddd].',
      [journal, preprint],
    ),
    message('assistant', 'A later answer cites the page [ref_cccccccc].', [page]),
  ]);

  it('renders citations as in-text labels linking to their reference list entries', () => {
    expect(html).toContain(
      '<strong>cited more</strong> (<a href="#work-ref_aaaaaaaa">Lawrence, 2001</a>; <a href="#work-ref_bbbbbbbb">Harnad &#38; Brody, 2004</a>).',
    );
    expect(html).toContain('cites the page (<a href="#work-ref_cccccccc">example.org, n.d.</a>).');
    // An id no answer holds a work for is shown as it is, not linked to a missing entry.
    expect(html).toContain('Unknown ([ref_dddddddd]).');
  });

  it('ends with a reference list whose entries link to each work', () => {
    const references = html.slice(html.indexOf('<h2>References</h2>'));
    expect(references).toContain(
      '<li id="work-ref_aaaaaaaa">Lawrence, S. (2001). Open access and citations. <em>Nature</em>. <a href="https://doi.org/10.1038/35079151">https://doi.org/10.1038/35079151</a></li>',
    );
    expect(references).toContain(
      '<li id="work-ref_bbbbbbbb">Harnad, S., &#38; Brody, T. (2004). The open access advantage. <a href="https://arxiv.org/abs/cs/0412076">',
    );
    expect(references).toContain(
      '<li id="work-ref_cccccccc">A page on the web. (n.d.). <a href="https://example.org/oa">',
    );
    expect(references.match(/<li /g)).toHaveLength(3);
  });

  it('escapes what the user typed', () => {
    expect(html).toContain('<title>Open &#60;access&#62;</title>');
    expect(html).toContain('Is open access &#60;cited&#62; more?');
    expect(html).not.toContain('<cited>');
  });
});

describe('conversationPdfName', () => {
  it('is research-assistant-conversation-{date}.pdf', () => {
    expect(conversationPdfName(new Date(2026, 0, 5, 23, 59))).toBe(
      'research-assistant-conversation-2026-01-05.pdf',
    );
  });
});
