import { useState, type KeyboardEvent } from 'react';
import { abstractParagraphs } from '../jats-text';
import { MathText } from '../../components/MathText';
import { highlightEvidence } from '../../ai/evidence/evidence-highlight';

/**
 * The abstract as plain paragraphs, clamped to a few lines until clicked (spec 000 §2.2). The
 * evidence sentence of a checked citation is highlighted, and the abstract starts open so it
 * shows.
 */
export function AbstractText({
  markup,
  evidence = null,
}: {
  markup: string | null;
  evidence?: string | null;
}) {
  const paragraphs = markup === null ? [] : abstractParagraphs(markup);
  const pieces = paragraphs.map((paragraph) => highlightEvidence(paragraph, evidence));
  const [expanded, setExpanded] = useState(() =>
    pieces.some((paragraph) => paragraph.some((piece) => piece.evidence)),
  );
  if (paragraphs.length === 0) return <p className="muted">No abstract available.</p>;

  const toggle = () => setExpanded((open) => !open);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle();
    }
  };
  return (
    <div
      className={expanded ? 'reference-abstract expanded' : 'reference-abstract'}
      role="button"
      tabIndex={0}
      aria-expanded={expanded}
      aria-label={expanded ? 'Abstract (click to collapse)' : 'Abstract (click to expand)'}
      onClick={toggle}
      onKeyDown={onKeyDown}
    >
      {pieces.map((paragraph, index) => (
        <p key={index}>
          {paragraph.map((piece, at) =>
            piece.evidence ? (
              <mark key={at} className="evidence" title="Evidence for the citing sentence">
                <MathText text={piece.text} />
              </mark>
            ) : (
              <MathText key={at} text={piece.text} />
            ),
          )}
        </p>
      ))}
    </div>
  );
}
