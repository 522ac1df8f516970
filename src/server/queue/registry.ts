import type { AppContext } from '../app-context';
import type { JobType } from './job-type';
import { testSleepJob } from './jobs/test-sleep';
import { loadCorpusJob } from '../literature/corpus/load-corpus-job';
import { referencesImportJob } from './jobs/references-import';
import { scaffoldedWritingJob } from './jobs/scaffolded-writing';
import { refineJob } from './jobs/structure-refine';
import { paperRewriteJob } from './jobs/paper-rewrite';
import { structureJob } from './jobs/structure-generate';
import { chatJob } from './jobs/chat-answer';
import { dataAnalysisJob } from './jobs/data-analysis';

/** Every job type the workers run. Feature jobs (structure, rewrite, chat...) are added here. */
export function jobTypes(options: {
  includeTestJobs: boolean;
  /** The services, for jobs that run the engine; available once the workers start. */
  services: () => AppContext;
}): JobType[] {
  const types: JobType[] = [
    loadCorpusJob as JobType,
    referencesImportJob as JobType,
    structureJob(options.services) as JobType,
    scaffoldedWritingJob(options.services) as JobType,
    refineJob(options.services) as JobType,
    paperRewriteJob(options.services) as JobType,
    chatJob(options.services) as JobType,
    dataAnalysisJob(options.services) as JobType,
  ];
  if (options.includeTestJobs) types.push(testSleepJob as JobType);
  return types;
}
