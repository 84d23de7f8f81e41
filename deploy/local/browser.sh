#!/usr/bin/env bash
# Makes Debian's Chromium and a font with Hebrew glyphs available for the browser tests.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0
[ "$(id -u)" = 0 ] || { echo "[browser] ERROR: ${missing[*]} missing; installing needs root (apt-get install ${missing[*]})." >&2; exit 1; }
echo "[browser] installing ${missing[*]} with apt-get"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
