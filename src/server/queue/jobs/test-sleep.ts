import { z } from 'zod';
import { defineJob } from '../job-type';

/**
 * A job that only waits, registered when SCRIPTOR_TEST_ROUTES=1. The durability tests need a
 * job whose run they can interrupt; no feature depends on it.
 */
export const testSleepJob = defineJob({
  name: 'test.sleep',
  input: z.object({
    ms: z.number().int().min(0).max(5_000),
    failTimes: z.number().int().min(0).default(0),
  }),
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireInSeconds: 6,
  async perform({ input, attempt, reportProgress }) {
    await reportProgress({ step: 'sleeping', attempt });
    await new Promise((resolve) => setTimeout(resolve, input.ms));
    if (attempt <= input.failTimes) throw new Error(`Planned failure on attempt ${attempt}`);
    return { sleptMs: input.ms, attempt };
  },
});
