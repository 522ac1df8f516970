import katex from 'katex';
import 'katex/dist/katex.min.css';
import { Fragment, useMemo } from 'react';
import { mathSegments } from './math-segments';

function typeset(latex: string): string {
  return katex.renderToString(latex, {
    throwOnError: false,
    // Indexes use macros from every field; an unknown one renders red instead of failing.
    strict: 'ignore',
    // No \href, \url or \htmlClass: the TeX comes from third-party metadata.
    trust: false,
  });
}

/**
 * Plain text with its TeX math typeset by KaTeX. Only KaTeX's own output is inserted as
 * HTML (it escapes the source it shows); the text around it is rendered as React text.
 */
export function MathText({ text }: { text: string }) {
  const segments = useMemo(() => mathSegments(text), [text]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : (
          <span
            key={index}
            className="math-text"
            dangerouslySetInnerHTML={{ __html: typeset(segment.latex) }}
          />
        ),
      )}
    </>
  );
}
