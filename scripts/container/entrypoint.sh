#!/bin/sh
# The image's entry point (under tini, which reaps ffmpeg's children and passes signals on). Its
# commands are package.json's, without npm (the image has none):
#   server (the default)  the API with its job worker: `npm start` without the install and web build
#   worker                the job worker alone: `npm run worker`
#   user ...              `npm run user -- ...`, e.g. `user create --email a@b.c --name Ann --password ...`
# Anything else runs as given (e.g. `node -e ...`). `exec` makes Node the process SIGTERM reaches, so a
# stop hands running jobs back (docs/decisions/090). Kept in step with package.json by entrypoint.test.mjs.
set -e
command=${1:-server}
[ $# -gt 0 ] && shift
case "$command" in
  server) exec node --max-semi-space-size=4 packages/server/src/main.ts "$@" ;;
  worker) exec node --max-semi-space-size=4 packages/server/src/worker.ts "$@" ;;
  user) exec node packages/server/src/cli/user.ts "$@" ;;
  *) exec "$command" "$@" ;;
esac
