import { useState, type KeyboardEvent } from 'react';
import { abstractParagraphs } from '../jats-text';
import { MathText } from '../../components/MathText';

/** The abstract as plain paragraphs, clamped to a few lines until clicked (spec 000 §2.2). */
export function AbstractText({ markup }: { markup: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const paragraphs = markup === null ? [] : abstractParagraphs(markup);
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
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          <MathText text={paragraph} />
        </p>
      ))}
    </div>
  );
}
