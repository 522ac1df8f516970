import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          // Each file starts its own servers on fresh databases and free ports, so files run in
          // parallel processes; SCRIPTOR_API_FORKS=1 runs them one at a time.
          pool: 'forks',
          poolOptions: {
            forks: { maxForks: Number(process.env.SCRIPTOR_API_FORKS ?? 2), minForks: 1 },
          },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
