#!/usr/bin/env bash
# Generates the data set (deploy/seed/generate.js, deterministic) and loads each service's part through
# that service's own code, in the order their events flow: the locations tree and shipments; the
# catalogue (its product events fill pharm's read model); pharmacies and their products (their offer
# events fill catalog's read model); then the demo accounts. Events are relayed when the services next run.
# Usage: seed.sh [demo|fixtures] (env: DATABASE_NAME, NATS_URL).
set -euo pipefail
cd "$(dirname "$0")/../.."
volume="${1:-demo}"
data="artifacts/seed/$volume"
node deploy/seed/generate.js "$volume" "$data"
for service in shipping-quote catalog pharm; do
  LOG_LEVEL="${LOG_LEVEL:-warn}" node "services/$service/dist/seed/seed.js" "$data/$service.json"
done
LOG_LEVEL="${LOG_LEVEL:-warn}" node services/identity/dist/seed/seed.js
