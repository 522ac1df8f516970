import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two processes on the two-core machines CI runs on; SCRIPTOR_TEST_FORKS=1 runs one file at
    // a time.
    poolOptions: { forks: { maxForks: Number(process.env.SCRIPTOR_TEST_FORKS ?? 2), minForks: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          // A guard against a hung test, not a speed check (speed is measured in bench/): CI
          // shares two cores, where a property test that takes 2 s alone can take 12.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          // Each file starts its own servers on fresh databases and free ports, so files run in
          // parallel processes (poolOptions above).
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
