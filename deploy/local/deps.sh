#!/usr/bin/env bash
# Installs the npm workspace from the lockfile when it changed, then checks that the native parts load
# (npm 11 skips install scripts; these packages ship their binaries as optional dependencies instead).
set -euo pipefail
cd "$(dirname "$0")/../.."
stamp=node_modules/.mc-install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  # Not `npm ci`: the registry these machines reach holds only the Linux builds of platform packages, so
  # the lockfile cannot list the others and `npm ci` rejects it. `npm install` installs what it pins.
  echo "[deps] npm install (from package-lock.json)"
  npm install --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
node -e "require('@swc/core'); require('esbuild'); require('nx/src/native');" \
  || { echo "[deps] ERROR: a native package (SWC, esbuild or Nx) does not load; try: rm -rf node_modules && make setup" >&2; exit 1; }
