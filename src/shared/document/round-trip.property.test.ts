import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, schema, serializeMarkdown } from './schema';
import { canonicalDocument, wildDocument } from './testing/document-arbitrary';
import { lettersOf, markdownSoup } from './testing/markdown-arbitrary';

const roundTrip = (markdown: string) => serializeMarkdown(parseMarkdown(markdown));
const runs = { numRuns: 400 };
// fast-check explores hundreds of documents per property; give slow machines room.
const timeout = 60_000;

describe('round-trip properties', () => {
  it(
    'writing what was read is idempotent for any markdown',
    () => {
      fc.assert(
        fc.property(markdownSoup, (markdown) => {
          const once = roundTrip(markdown);
          expect(roundTrip(once)).toBe(once);
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'reading and writing keeps every letter of any markdown',
    () => {
      fc.assert(
        fc.property(markdownSoup, (markdown) => {
          expect(lettersOf(roundTrip(markdown))).toBe(lettersOf(markdown));
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'any document is written as markdown that reads and writes back unchanged',
    () => {
      fc.assert(
        fc.property(wildDocument(schema), (doc) => {
          const markdown = serializeMarkdown(doc);
          expect(roundTrip(markdown)).toBe(markdown);
        }),
        runs,
      );
    },
    timeout,
  );

  it(
    'a document of expressible content reads back identical',
    () => {
      fc.assert(
        fc.property(canonicalDocument(schema), (doc) => {
          const back = parseMarkdown(serializeMarkdown(doc));
          expect(back.toJSON()).toEqual(doc.toJSON());
        }),
        runs,
      );
    },
    timeout,
  );
});
