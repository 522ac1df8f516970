import type { JobType } from './job-type';
import { testSleepJob } from './jobs/test-sleep';
import { loadCorpusJob } from '../literature/corpus/load-corpus-job';
import { referencesImportJob } from './jobs/references-import';
import { structureJob, type StructureServices } from './jobs/structure-generate';

/** Every job type the workers run. Feature jobs (structure, rewrite, chat...) are added here. */
export function jobTypes(options: {
  includeTestJobs: boolean;
  /** The long-lived services engine jobs call (the AI engine, literature, billing). */
  services: StructureServices;
}): JobType[] {
  const types: JobType[] = [
    loadCorpusJob as JobType,
    referencesImportJob as JobType,
    structureJob(options.services) as JobType,
  ];
  if (options.includeTestJobs) types.push(testSleepJob as JobType);
  return types;
}
