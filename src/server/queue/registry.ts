import type { JobType } from './job-type';
import { testSleepJob } from './jobs/test-sleep';
import { loadCorpusJob } from '../literature/corpus/load-corpus-job';
import { referencesImportJob } from './jobs/references-import';

/** Every job type the workers run. Feature jobs (structure, rewrite, chat...) are added here. */
export function jobTypes(options: { includeTestJobs: boolean }): JobType[] {
  const types: JobType[] = [loadCorpusJob as JobType, referencesImportJob as JobType];
  if (options.includeTestJobs) types.push(testSleepJob as JobType);
  return types;
}
