#!/usr/bin/env bash
# Makes the image `debian:bookworm-slim` from Debian's packages when no image registry can be reached:
# debootstrap's minimal variant from the Debian mirror this machine's apt uses, trimmed the way Debian's
# own slim image is (no documentation, manual pages or translations installed later, no package lists),
# then `docker import`. Needs root and debootstrap. Usage: make-base.sh [image name]
set -euo pipefail
IMAGE=${1:-debian:bookworm-slim}
SUITE=bookworm

# The mirrors apt is configured with here (one-line or deb822 sources), else Debian's own.
mirror_for() { # $1: a pattern the URI ends with (debian or debian-security)
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    grep -oE '(https?://[^ ]+/)'"$1"'/?( |$)' | head -n 1 | tr -d ' ' | sed 's:/$::' || true
}
MIRROR=$(mirror_for debian); MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=$(mirror_for debian-security); SECURITY=${SECURITY:-http://deb.debian.org/debian-security}

ROOTFS=$(mktemp -d /tmp/parley-base.XXXXXX)
trap 'rm -rf "$ROOTFS"' EXIT
echo "making $IMAGE: debootstrap --variant=minbase $SUITE from $MIRROR"
debootstrap --variant=minbase "$SUITE" "$ROOTFS" "$MIRROR" >"$ROOTFS.log" 2>&1 || {
  tail -n 20 "$ROOTFS.log" >&2
  rm -f "$ROOTFS.log"
  exit 1
}
rm -f "$ROOTFS.log"

cat >"$ROOTFS/etc/apt/sources.list" <<SOURCES
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY $SUITE-security main
SOURCES
# As in Debian's slim image: packages installed later leave out documentation and translations.
cat >"$ROOTFS/etc/dpkg/dpkg.cfg.d/slim" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
DPKG
# Containers need no recommended packages and no kept package files.
cat >"$ROOTFS/etc/apt/apt.conf.d/docker-slim" <<'APT'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT
rm -rf "$ROOTFS"/var/cache/apt/archives/*.deb "$ROOTFS"/var/lib/apt/lists/* \
  "$ROOTFS"/usr/share/doc/*/[!c]* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* "$ROOTFS"/var/log/*.log

tar --numeric-owner -C "$ROOTFS" -c . | docker import --change 'CMD ["bash"]' - "$IMAGE" >/dev/null
echo "made $IMAGE ($(docker image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
