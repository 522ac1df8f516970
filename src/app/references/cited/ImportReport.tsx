import type { ImportOutcome } from '../api/reference-files-api';

/** How many works an import stored, and each entry it could not read with its line. */
export function ImportReport({ outcome }: { outcome: ImportOutcome }) {
  const count = outcome.count;
  return (
    <div className="import-report" role="status">
      <p>
        Imported {count} {count === 1 ? 'reference' : 'references'}
      </p>
      {outcome.errors.length > 0 && (
        <ul className="import-errors" aria-label="Import problems">
          {outcome.errors.map((problem, index) => (
            <li key={index}>
              {problem.line === null ? '' : `Line ${problem.line}: `}
              {problem.message}
            </li>
          ))}
        </ul>
      )}
      {outcome.moreErrors > 0 && (
        <p className="muted small-text">
          … and {outcome.moreErrors} more {outcome.moreErrors === 1 ? 'problem' : 'problems'}
        </p>
      )}
    </div>
  );
}
