import { defineConfig } from 'vitest/config';

// One config, several projects: `vitest run --project <name>`. scripts/test.sh runs them in order and
// runs `integration` twice, against SQLite and against PostgreSQL (TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/contract/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'bench/scoring/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['packages/server/src/audio/**'],
        },
      },
      {
        test: {
          name: 'audio',
          environment: 'node',
          include: ['packages/server/src/audio/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['packages/server/test/**/*.test.ts'],
          exclude: ['packages/server/test/scale/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several real API and worker processes on one PostgreSQL (docs/decisions/097); scripts/test.sh
        // runs it after the PostgreSQL integration tests.
        test: {
          name: 'scale',
          environment: 'node',
          include: ['packages/server/test/scale/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/specs/**/*.e2e.ts'],
          setupFiles: ['e2e/support/setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The container image built and run (docs/decisions/230); scripts/container-test.sh builds the
        // image first and runs this project.
        test: {
          name: 'container',
          environment: 'node',
          include: ['scripts/container/*.spec.mjs'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});
