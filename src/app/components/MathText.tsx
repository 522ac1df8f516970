import { Fragment, useEffect, useMemo, useState } from 'react';
import { katexIfLoaded, loadKatex } from './katex-loader';
import { mathSegments } from './math-segments';

type Katex = NonNullable<ReturnType<typeof katexIfLoaded>>;

function typeset(katex: Katex, latex: string): string {
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
 * HTML (it escapes the source it shows); the text around it is rendered as React text. KaTeX
 * is fetched only when a text has math; until it arrives the math shows as its source.
 */
export function MathText({ text }: { text: string }) {
  const segments = useMemo(() => mathSegments(text), [text]);
  const hasMath = segments.some((segment) => segment.kind !== 'text');
  const [katex, setKatex] = useState<Katex | null>(katexIfLoaded);
  useEffect(() => {
    if (!hasMath || katex) return;
    let current = true;
    void loadKatex().then((loaded) => {
      if (current) setKatex(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [hasMath, katex]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.text}</Fragment>
        ) : katex ? (
          <span
            key={index}
            className="math-text"
            dangerouslySetInnerHTML={{ __html: typeset(katex, segment.latex) }}
          />
        ) : (
          <span key={index} className="math-text">
            {segment.latex}
          </span>
        ),
      )}
    </>
  );
}
