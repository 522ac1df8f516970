/**
 * Display rules for the two numbers attached to a citation (spec 000 §5).
 */

/** Spec 000 §5: citations at or below this certainty are shown in orange with a warning. */
export const LOW_CERTAINTY_THRESHOLD = 0.5;

export const LOW_CERTAINTY_WARNING =
  'Warning: This citation may not support the claim based on the abstract content';

/** What the UI shows for a missing score, as for a missing cost (spec 002 §5). */
export const MISSING_SCORE = '-';

/**
 * Scores above 1 are rank scores and shown with 3 decimals; scores of 1 or below are
 * similarities, shown as a percent with 1 decimal.
 *
 * @example formatSimilarityScore(0.8734) // '87.3%'
 * @example formatSimilarityScore(12.3456) // '12.346'
 */
export function formatSimilarityScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return MISSING_SCORE;
  if (score > 1) return roundHalfUp(score, 3);
  return `${roundHalfUp(score * 100, 1)}%`;
}

export interface CertaintyAssessment {
  warning: boolean;
  /** LOW_CERTAINTY_WARNING when `warning`, else null. */
  message: string | null;
}

/** An unknown certainty raises no warning: there is nothing to warn about yet. */
export function assessCertainty(certainty: number | null | undefined): CertaintyAssessment {
  const warning =
    certainty !== null &&
    certainty !== undefined &&
    Number.isFinite(certainty) &&
    certainty <= LOW_CERTAINTY_THRESHOLD;
  return { warning, message: warning ? LOW_CERTAINTY_WARNING : null };
}

// 0.8725 * 100 is 87.24999999999999 in binary and 1.0005 is stored just below itself; trimming the
// float noise before rounding makes the result agree with what a reader computes by hand.
function roundHalfUp(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const shifted = Math.round(Number((value * scale).toPrecision(12)));
  return (shifted / scale).toFixed(decimals);
}
