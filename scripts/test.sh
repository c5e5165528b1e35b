#!/usr/bin/env bash
# `npm test`: typecheck, lint, content checks, production build, then every Vitest project
# (unit, database on PGlite — and PostgreSQL when TEST_DATABASE_URL is set — and end-to-end in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json
bash scripts/ensure-chromium.sh
bash scripts/ensure-python.sh
npm run --silent typecheck
npm run --silent lint
npm run --silent content:check -- --no-python  # the Python blocks and checks run in the Vitest content suite
npm run --silent build > test-results/build.log 2>&1 || { cat test-results/build.log; exit 1; }
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@"
