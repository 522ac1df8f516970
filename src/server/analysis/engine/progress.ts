import type { AnalysisStage } from '../../../shared/analysis/notebook';

/** Spec 000 §3 Progress object, written to the job row and shown by the progress dialog. */
export interface AnalysisProgress {
  stage: AnalysisStage;
  step: number;
  totalSteps: number;
  percentComplete: number;
  currentOperation: string;
  details: string;
}
