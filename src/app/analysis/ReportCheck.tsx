import { useMemo } from 'react';
import { isValidNotebook } from '../../shared/analysis/notebook';
import { reportSources, unsupportedNumbers } from '../../shared/analysis/report-numbers';
import type { AnalysisStep } from './api/data-analysis';

/**
 * Names the report's numbers that no executed cell printed, before the report goes into a
 * paper: the model may have worked them out itself, or mistyped one.
 */
export function ReportCheck({ step }: { step: AnalysisStep }) {
  const report = step.result?.report ?? '';
  const missing = useMemo(
    () =>
      isValidNotebook(step.trace)
        ? unsupportedNumbers(report, reportSources(step.question, step.trace))
        : [],
    [report, step.question, step.trace],
  );
  if (step.automatic || missing.length === 0) return null;
  return (
    <p className="analysis-check" role="note">
      {missing.length === 1
        ? `Check before using: the report's number ${missing[0]} does not appear in the analysis output.`
        : `Check before using: the report's numbers ${missing.join(', ')} do not appear in the analysis output.`}
    </p>
  );
}
