import { useState } from 'react';

export function WelcomeScreen({ onAddPaper }: { onAddPaper: () => void }) {
  const [showProcess, setShowProcess] = useState(false);
  return (
    <div className="welcome">
      <h1>Welcome to Scriptor</h1>
      <p className="muted">
        Select a paper on the left, or{' '}
        <button type="button" className="link-button" onClick={onAddPaper}>
          Add Paper
        </button>{' '}
        to start a new one.
      </p>

      <section className="welcome-card">
        <h2>How it works</h2>
        <ol className="steps compact">
          <li>
            <strong>Specify</strong> a topic and paper type.
          </li>
          <li>
            <strong>Research</strong>: Scriptor searches scientific abstracts and drafts a
            structure.
          </li>
          <li>
            <strong>Refine and export</strong> your paper with verified citations.
          </li>
        </ol>
        <button
          type="button"
          className="link-button"
          aria-expanded={showProcess}
          onClick={() => setShowProcess((shown) => !shown)}
        >
          {showProcess ? 'Hide the detailed process' : 'Show the detailed process'}
        </button>
        {showProcess && (
          <ol className="process">
            <li>Choose and define the paper: type, title, description, methodology, field.</li>
            <li>Upload materials you want the AI to use.</li>
            <li>Get a generated structure.</li>
            <li>Refine the structure.</li>
            <li>Generate content section by section, with citations.</li>
            <li>Finalize: check citations, add the reference list and export.</li>
          </ol>
        )}
      </section>

      <section className="features compact">
        <article className="feature">
          <h3>Smart Templates</h3>
          <p>Structures that follow the conventions of each paper type.</p>
        </article>
        <article className="feature">
          <h3>Deep Scientific Insights</h3>
          <p>Citations to real articles with their abstracts and reasoning.</p>
        </article>
        <article className="feature">
          <h3>Complete Control</h3>
          <p>Edit everything, keep every version, export in the format you need.</p>
        </article>
      </section>
    </div>
  );
}
