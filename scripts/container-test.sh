#!/usr/bin/env bash
# The container check (issue 39, docs/decisions/230): builds the image from the Dockerfile and runs it
# (scripts/container/image.spec.mjs: no network at start, a real clip transcribed through the API, a
# restart, the volume read from the host, the worker command, compose.yaml's default service). Installs Debian's docker.io and debootstrap
# when missing, starts the Docker daemon when none runs (and stops it again at the end), and makes the
# base image debian:bookworm-slim from Debian's packages when it is not there (no image registry is
# needed). scripts/test.sh runs it; alone: `bash scripts/container-test.sh [RESULTS_DIR]`. It ends with
# one 'N passed, N failed' line (Vitest's JSON report, kept in RESULTS_DIR for scripts/summarize-tests.mjs).
# The image stays (tagged parley:test) so that the next build reuses its layers.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
RESULTS=${1:-.cache/container-results}
mkdir -p "$RESULTS"
IMAGE=${PARLEY_IMAGE:-parley:test}

missing=()
[ -x /usr/sbin/dockerd ] || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
# Compose: Docker's plugin (`docker compose`) where there is one, else Debian's docker-compose.
docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null || missing+=(docker-compose)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" = "0" ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# Debian's client, which matches its daemon and has BuildKit built in (a newer client elsewhere on the
# PATH may want the buildx plugin for it).
DOCKER=/usr/bin/docker
COMPOSE="docker compose"; docker compose version >/dev/null 2>&1 || COMPOSE=docker-compose
export DOCKER COMPOSE PARLEY_IMAGE=$IMAGE DOCKER_BUILDKIT=1

started_daemon=""
stop_daemon() {
  [ -n "$started_daemon" ] || return 0
  kill "$started_daemon" 2>/dev/null || true
  while kill -0 "$started_daemon" 2>/dev/null; do sleep 0.2; done
  echo "stopped the Docker daemon this check started"
}
trap stop_daemon EXIT
if ! $DOCKER info >/dev/null 2>&1; then
  log=$(mktemp /tmp/parley-dockerd.XXXXXX.log)
  dockerd >"$log" 2>&1 &
  started_daemon=$!
  for _ in $(seq 1 120); do
    $DOCKER info >/dev/null 2>&1 && break
    kill -0 "$started_daemon" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.5
  done
  $DOCKER info >/dev/null 2>&1 || { echo "the Docker daemon did not start (log: $log)" >&2; exit 1; }
  echo "started the Docker daemon (log: $log)"
fi

if ! $DOCKER image inspect debian:bookworm-slim >/dev/null 2>&1; then
  bash scripts/container/make-base.sh debian:bookworm-slim
fi

started=$(date +%s)
build_log="$RESULTS/container-build.log"
# The machine's trust store goes to npm in the build (a TLS-inspecting proxy's certificate, if any).
if ! $DOCKER build --progress=plain --secret id=ca-certificates,src=/etc/ssl/certs/ca-certificates.crt \
  -t "$IMAGE" . >"$build_log" 2>&1; then
  tail -n 60 "$build_log" >&2
  echo "container: the image did not build (whole log: $build_log)" >&2
  exit 1
fi
echo "image $IMAGE built in $(($(date +%s) - started)) s (log: $build_log)"
# An earlier build's image, now untagged, and build cache beyond 4 GB are not kept.
$DOCKER image prune -f >/dev/null
$DOCKER builder prune -f --keep-storage 4GB >/dev/null

node scripts/fetch-test-audio.mjs >/dev/null
status=0
vitest run --project container --reporter=default --reporter=json --outputFile.json="$RESULTS/container.json" ||
  status=$?
echo "$status" >"$RESULTS/container.exit"
node -e 'const r = require(process.argv[1]); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`)' \
  "$(realpath "$RESULTS")/container.json" || true
exit "$status"
