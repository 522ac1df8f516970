import type { JSONContent } from '@tiptap/core';
import type { ChatMessage } from '../../shared/chat/chat';
import { formatApaAuthors } from '../../shared/citations/apa-authors';
import { parseAuthors } from '../../shared/citations/authors';
import { inTextLabel, NO_DATE } from '../../shared/citations/in-text';
import type { CitedWork } from '../../shared/citations/work';
import { isArxivId } from '../../shared/citations/doi';
import { markdownToJSON } from '../../shared/document';
import { isSafeUrl } from '../../shared/links/safe-url';
import { plainTitle } from '../references/jats-text';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where a work can be read: its DOI, else the source's link. */
export function workLink(work: CitedWork): string | null {
  if (work.doi && !isArxivId(work.doi)) return `https://doi.org/${work.doi}`;
  if (work.doi) return `https://arxiv.org/abs/${work.doi.replace(/^arxiv:/, '')}`;
  return work.hyperlink ?? work.url ?? null;
}

const anchor = (refId: string) => `work-${refId}`;

function marked(text: string, marks: JSONContent['marks']): string {
  let html = escape(text);
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') html = `<strong>${html}</strong>`;
    else if (mark.type === 'italic') html = `<em>${html}</em>`;
    else if (mark.type === 'code') html = `<code>${html}</code>`;
    else if (mark.type === 'strike') html = `<s>${html}</s>`;
    else if (
      mark.type === 'link' &&
      typeof mark.attrs?.href === 'string' &&
      isSafeUrl(mark.attrs.href)
    ) {
      html = `<a href="${escape(mark.attrs.href)}">${html}</a>`;
    }
  }
  return html;
}

/** The document module's tree of one message as HTML; citations link to the reference list. */
function nodeHtml(node: JSONContent, works: ReadonlyMap<string, CitedWork>): string {
  const inner = () => (node.content ?? []).map((child) => nodeHtml(child, works)).join('');
  switch (node.type) {
    case 'text':
      return marked(node.text ?? '', node.marks);
    case 'reference': {
      const ids = (node.attrs?.refIds as string[] | undefined) ?? [];
      const labels = ids.map((refId) => {
        const work = works.get(refId);
        return work
          ? `<a href="#${anchor(refId)}">${escape(inTextLabel(work))}</a>`
          : escape(`[${refId}]`);
      });
      return `(${labels.join('; ')})`;
    }
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'numberedHeading': {
      const level = Math.min(6, Math.max(3, Number(node.attrs?.level ?? 3) + 1));
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'bulletList':
      return `<ul>${inner()}</ul>`;
    case 'orderedList':
      return `<ol>${inner()}</ol>`;
    case 'listItem':
      return `<li>${inner()}</li>`;
    case 'blockquote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'codeBlock':
      return `<pre>${inner()}</pre>`;
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'inlineEquation':
    case 'blockEquation':
      return `<code>${escape(String(node.attrs?.latex ?? ''))}</code>`;
    default:
      return inner();
  }
}

/** A reference list entry in APA's order ('Lawrence, S., & Brody, T. (2004). Title. Venue. link'). */
function referenceEntry(work: CitedWork): string {
  const authors = formatApaAuthors(parseAuthors(work.authors)).replace(/\.$/, '');
  const year = `(${work.published_year ?? NO_DATE}).`;
  const title = `${escape(plainTitle(work.title).replace(/\.+$/, '') || 'Untitled')}.`;
  const venue = [work.container_title ?? work.source, work.volume, work.page]
    .filter(Boolean)
    .join(', ');
  const link = workLink(work);
  return [
    // Without authors the title takes their place, as in APA.
    authors ? `${escape(authors)}. ${year} ${title}` : `${title} ${year}`,
    venue ? ` <em>${escape(venue)}</em>.` : '',
    link && isSafeUrl(link) ? ` <a href="${escape(link)}">${escape(link)}</a>` : '',
  ].join('');
}

/**
 * The conversation as a printable HTML document (issue 22.6): each message with its role and
 * time, citations in the editor's in-text format linking to the reference list at the end,
 * whose entries link to the works.
 */
export function conversationHtml(title: string, messages: readonly ChatMessage[]): string {
  const works = new Map<string, CitedWork>();
  for (const message of messages) {
    for (const work of message.metadata?.papers ?? []) works.set(work.refId, work);
  }
  const body = messages
    .map((message) => {
      const who = message.role === 'user' ? 'You' : 'Research assistant';
      const time = new Date(message.created_at).toLocaleString();
      const content =
        message.role === 'user'
          ? `<p>${escape(message.content).replace(/\n/g, '<br>')}</p>`
          : nodeHtml(markdownToJSON(message.content), works);
      return `<section class="message ${message.role}"><h2>${who} <small>${escape(time)}</small></h2>${content}</section>`;
    })
    .join('\n');
  const cited = [...works.values()].sort((a, b) => inTextLabel(a).localeCompare(inTextLabel(b)));
  const references =
    cited.length > 0
      ? `<section class="references"><h2>References</h2><ol>${cited
          .map((work) => `<li id="${anchor(work.refId)}">${referenceEntry(work)}</li>`)
          .join('')}</ol></section>`
      : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>
body{font-family:Georgia,serif;font-size:11pt;line-height:1.5;margin:0 12mm;color:#111}
h1{font-size:16pt}h2{font-size:12pt;margin:14pt 0 4pt}h2 small{font-weight:normal;color:#666;font-size:9pt}
.message.user{border-left:3px solid #888;padding-left:8pt}a{color:#1a4fa0}li{margin-bottom:4pt}
</style></head><body><h1>${escape(title)}</h1>${body}${references}</body></html>`;
}
