#!/usr/bin/env bash
# The whole test suite: lint, types, unit and component tests, the audio pipeline on real speech,
# HTTP integration tests against SQLite and against a real PostgreSQL this script starts, and the
# end-to-end tests in Debian's Chromium against the real server, and the container image built and run.
# `npm test` runs it (after installing the workspace when needed); .ci/run calls `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
RESULTS=.cache/test-results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

section() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

section "system packages"
bash scripts/ensure-system-packages.sh
node scripts/fetch-test-audio.mjs

section "lint (biome), import direction, function length"
biome check .
node scripts/check-imports.mjs
node scripts/check-function-length.mjs

section "types (tsc --noEmit)"
npm run --silent typecheck

run_vitest() { # name, then vitest arguments; on failure, says why before stopping the run
  local name=$1; shift
  local status=0
  vitest run "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json" || status=$?
  echo "$status" > "$RESULTS/$name.exit"
  if [ "$status" -ne 0 ]; then
    node scripts/summarize-tests.mjs "$RESULTS" || true
    return "$status"
  fi
}

section "unit and component tests"
run_vitest unit --project unit --project web

section "audio pipeline on real speech"
run_vitest audio --project audio

section "integration tests over HTTP: SQLite"
TEST_DB=sqlite run_vitest integration-sqlite --project integration

section "integration tests over HTTP: PostgreSQL"
# Assigned first so that a failure to start PostgreSQL stops the run (eval alone would hide it).
PG_ENV=$(bash scripts/postgres.sh start)
eval "$PG_ENV"
trap 'bash scripts/postgres.sh stop "$PARLEY_PG_DIR"' EXIT
TEST_DB=postgres run_vitest integration-postgres --project integration

section "scale test: two API processes, two workers, one PostgreSQL"
# Real processes of the shipped code on the PostgreSQL started above, one of them killed mid-job
# (docs/decisions/097-scale-test.md).
TEST_DB=postgres run_vitest scale --project scale

section "web build"
npm run --silent build -w @parley/web

section "end-to-end tests in Chromium"
run_vitest e2e --project e2e

section "container image: built and run (docs/decisions/230)"
# Installs docker.io and debootstrap when missing, starts the Docker daemon if none runs (and stops it),
# makes the Debian base image from Debian's packages when it is not there.
if ! bash scripts/container-test.sh "$RESULTS"; then
  node scripts/summarize-tests.mjs "$RESULTS" || true
  exit 1
fi

section "summary"
node scripts/summarize-tests.mjs "$RESULTS"
