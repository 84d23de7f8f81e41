#!/usr/bin/env bash
# Seeds every service, in the order their events flow: the locations tree; the catalogue (its product
# events fill pharm's read model); pharmacies and their products (their offer events fill catalog's read
# model when catalog next runs). Usage: seed.sh [demo|fixtures] (env: DATABASE_NAME, NATS_URL).
set -euo pipefail
cd "$(dirname "$0")/../.."
volume="${1:-demo}"
for service in shipping-quote catalog pharm; do
  [ -f "services/$service/dist/seed/seed.js" ] || continue
  LOG_LEVEL="${LOG_LEVEL:-warn}" node "services/$service/dist/seed/seed.js" "$volume"
done
