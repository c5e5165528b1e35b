import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { contentStorePlugin } from "./content/pipeline/vite-plugin.ts";

// Database tests sign cookies and write e-mails: give them a fixed secret and a throwaway data folder.
const databaseTestEnv = {
  SESSION_SECRET: "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  DATA_DIR: path.join(tmpdir(), "tremplin-db-tests"),
};
const shared = { plugins: [contentStorePlugin()], resolve: { tsconfigPaths: true } };
// expect.poll gives up after 1 s by default: too short on a busy two-core CI machine.
const patientPolls = { poll: { timeout: 15_000 } };
const databaseProjects = [
  {
    ...shared,
    test: {
      name: "db-pglite",
      include: ["**/*.db.test.ts"],
      exclude: ["node_modules/**"],
      env: { TEST_DB_DRIVER: "pglite", ...databaseTestEnv },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      expect: patientPolls,
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          ...shared,
          test: {
            name: "db-postgres",
            include: ["**/*.db.test.ts"],
            exclude: ["node_modules/**"],
            env: { TEST_DB_DRIVER: "postgres", ...databaseTestEnv },
            testTimeout: 60_000,
            hookTimeout: 60_000,
            expect: patientPolls,
          },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{app,content,server,db,scripts}/**/*.test.{ts,tsx}", "tests/support/**/*.test.ts"],
          exclude: ["**/*.db.test.ts", "node_modules/**"],
        },
      },
      ...databaseProjects,
      {
        ...shared,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          // Axe on a long chapter takes half a minute on two cores: leave room for a busy machine.
          testTimeout: 180_000,
          hookTimeout: 120_000,
          expect: patientPolls,
        },
      },
    ],
  },
});
