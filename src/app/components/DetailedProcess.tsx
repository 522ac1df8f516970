import { useState } from 'react';

const DETAILED_STEPS = [
  [
    'Choose and define',
    'Select scientific paper, literature review, assignment or essay, and give a title, description, methodology and field.',
  ],
  [
    'Upload materials',
    'Add your own notes, data and papers; they are converted to text and sent with every prompt.',
  ],
  ['Get structure', 'A chapter and section outline is generated for your topic and paper type.'],
  ['Refine structure', 'Reorder, rename and expand sections until the outline says what you mean.'],
  [
    'Generate content',
    'Let the AI draft sections one by one, grounded in retrieved abstracts, with in-text citations.',
  ],
  [
    'Finalize and export',
    'Review each citation’s abstract and certainty, build the APA reference list and export.',
  ],
] as const;

/** The 'How it works' show/hide toggle for the detailed process (spec 002 §2). */
export function DetailedProcess() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button"
        aria-expanded={shown}
        onClick={() => setShown((open) => !open)}
      >
        {shown ? 'Hide the detailed process' : 'Show the detailed process'}
      </button>
      {shown && (
        <ol className="process">
          {DETAILED_STEPS.map(([title, text]) => (
            <li key={title}>
              <strong>{title}.</strong> {text}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
