#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: ffmpeg (decoding), chromium
# (end-to-end tests), postgresql (the second database) and real speech recordings. Fails with a
# clear message when they are missing and cannot be installed; tests are never skipped.
set -euo pipefail
missing=()
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
[ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
[ -d /usr/share/pocketsphinx/test/data ] || missing+=(pocketsphinx-testdata)
[ -d /usr/share/codec2/wav ] || missing+=(codec2-examples)
if [ ${#missing[@]} -eq 0 ]; then
  echo "all present: ffmpeg, chromium, postgresql, pocketsphinx-testdata, codec2-examples"
  exit 0
fi
echo "installing: ${missing[*]}"
if [ "$(id -u)" != "0" ] && ! command -v sudo >/dev/null; then
  echo "Missing Debian packages: ${missing[*]}. Install them (apt-get install ${missing[*]}) and run again." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" = "0" ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
