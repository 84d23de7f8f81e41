# The two commands of the README:  make dev  (run the whole product with demo data)  and  make test.
SHELL := /bin/bash
export NX_DAEMON := false
export NX_NO_CLOUD := true
export NX_TUI := false
JEST := npx jest --ci
# Every process defaults to production (no development features); the Makefile's targets run on a developer's
# machine, so they name the development environment (the tests name `test` themselves).
export APP_ENV ?= development
# Sign-in by SMS code is on in local builds (tests, make dev) and off unless asked for (production images).
export VITE_FEATURE_SMS_SIGNIN ?= 1
# The cart's coupon box is on in local builds too (off in production images); the checkout's test ID number is a
# development aid only: local builds (make dev, make test) have it, the image (deploy/Dockerfile) never does.
export VITE_FEATURE_COUPONS ?= 1
export VITE_FEATURE_FAKE_ID ?= 1

.PHONY: dev test setup infra deps browser build chaos seed seed-base seed-if-empty bench profile bench-feed bench-footprint bench-web lint typecheck unit integration e2e clean

dev: setup build seed-if-empty ## Sets up and runs everything on http://localhost:8080
	node deploy/local/stack.js

test: setup ## Sets up and runs every test: lint, types, unit, integration, API end-to-end, browser
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory lint typecheck unit build integration e2e && \
	echo "make test: all levels passed in $$(( $$(date +%s) - start )) s"

# Dependencies first: the NATS configuration is written by a script that needs the nats package.
setup: deps infra

infra: ## PostgreSQL, Redis, NATS with JetStream; roles, schemas, databases
	deploy/local/infra.sh

deps:
	deploy/local/deps.sh

browser:
	deploy/local/browser.sh

build:
	npx nx run-many -t build --output-style=static

seed: seed-base ## The demo data at full volume: the base data and the volumes (deterministic, idempotent)
	DATABASE_NAME=medcanna node deploy/seed/volumes.js

seed-base: build ## The demo data without the volumes: catalogue, 200 pharmacies, shipping, demo accounts
	DATABASE_NAME=medcanna deploy/local/seed.sh demo

# A fresh machine gets the base data only (quick); 50,000 patients and 200,000 orders come with `make seed` and `make bench`.
seed-if-empty: build
	@# Seeded again (idempotent) when empty, or seeded before the cannabis companies and their stock history existed.
	@if [ "$$(psql -h 127.0.0.1 -U postgres -d medcanna -tAc 'SELECT least((SELECT count(*) FROM pharm.pharmacies), (SELECT count(*) FROM catalog.companies), (SELECT count(*) FROM pharm.stock_days))' 2>/dev/null || echo 0)" = "0" ]; then \
	  $(MAKE) --no-print-directory seed-base; else echo "[seed] demo data present (make seed refreshes it and adds the volumes)"; fi
	@# The demo accounts are added to a database seeded before they existed (idempotent).
	@DATABASE_NAME=medcanna LOG_LEVEL=warn node services/identity/dist/seed/seed.js

lint:
	npx nx run-many -t lint --output-style=static

typecheck:
	npx nx run-many -t typecheck --output-style=static

unit:
	npx nx run-many -t test --output-style=static

integration: build
	@# One suite at a time: suites of one service join the same queue group, so in parallel one suite's
	@# requests could reach another suite's instance as it shuts down.
	$(JEST) --selectProjects integration --runInBand

e2e: build browser
	$(JEST) --selectProjects e2e --runInBand

# Faults under load (deploy/chaos/chaos.js): the product on a 3-node NATS cluster, browsed and ordered from while each
# service, each worker, order's relay and a NATS node are killed in turn, then pharm restarted in two copies; prints what was lost.
chaos: setup build ## Kills each part of the running product under load and counts what was lost, doubled or failed
	node deploy/chaos/chaos.js

# The bench stack alone trusts the loopback proxy, so that the load tools ask as many clients (x-forwarded-for: deploy/load/clients.js),
# as the per-client limits count them, and the checkout patients sign in from many addresses.
bench: setup build seed ## Full volumes, the whole stack, autocannon on each scenario (repeated and diverse) vs. a bare-Node ceiling, then checkout, then the partner feed, then one client's floods and slow sockets against another visitor
	@# As autovacuum would have (it is off on these machines): dead rows of earlier runs and fresh planner statistics.
	@psql -h 127.0.0.1 -U postgres -d medcanna -qc 'VACUUM ANALYZE'
	@DEV_FEED_PULL=0 DATABASE_NAME=medcanna LOG_LEVEL=warn PORT=8090 TRUSTED_PROXIES=loopback node deploy/local/stack.js > artifacts/bench-stack.log 2>&1 & echo $$! > artifacts/bench-stack.pid; \
	trap 'kill $$(cat artifacts/bench-stack.pid) 2>/dev/null' EXIT; \
	for i in $$(seq 1 120); do curl -sf localhost:8090/api/health >/dev/null && break; sleep 1; done; \
	BENCH_URL=http://127.0.0.1:8090 node deploy/load/wait-read-models.js && BENCH_URL=http://127.0.0.1:8090 node deploy/load/bench.js \
	  && BENCH_URL=http://127.0.0.1:8090 node deploy/load/feed-bench.js && BENCH_URL=http://127.0.0.1:8090 node deploy/load/flood.js

# CPU profiles of every process under one part of make bench (deploy/load/profile.js), e.g.
#   make profile BENCH_ONLY=catalogue BENCH_VARIANT=diverse BENCH_SCENARIOS=products
profile: setup build seed-if-empty ## Every process under --cpu-prof during a part of make bench; where each one's CPU went
	psql -h 127.0.0.1 -U postgres -d medcanna -qc 'VACUUM ANALYZE'
	DATABASE_NAME=medcanna node deploy/load/profile.js

# The partner feed alone (deploy/load/feed-bench.js): a 40,000-row and a 1,000,000-row feed of the fake partner, pushed to a
# stack of its own; rows per second, the stock-feed worker's peak RSS and the time until the last change shows.
bench-feed: setup build seed-if-empty ## The partner stock feed: 40,000 and 1,000,000 rows pushed; rows/s, the worker's peak RSS, push-to-visible time
	@mkdir -p artifacts; DATABASE_NAME=medcanna LOG_LEVEL=warn PORT=8092 TRUSTED_PROXIES=loopback node deploy/local/stack.js > artifacts/bench-feed-stack.log 2>&1 & echo $$! > artifacts/bench-feed-stack.pid; \
	trap 'kill $$(cat artifacts/bench-feed-stack.pid) 2>/dev/null' EXIT; \
	for i in $$(seq 1 120); do curl -sf localhost:8092/api/health >/dev/null && break; sleep 1; done; \
	BENCH_URL=http://127.0.0.1:8092 node deploy/load/wait-read-models.js && BENCH_URL=http://127.0.0.1:8092 node deploy/load/feed-bench.js

# Catalog's and pharm's start-up time and memory at the demo volumes and at 10× them (a database of its own, made once).
bench-footprint: setup build seed-if-empty ## Start-up time and RSS of catalog and pharm: the seeded data and 10× it (8,000 products, 400,000 offers)
	node deploy/seed/scale.js
	node deploy/load/footprint.js medcanna medcanna_x10

# The stack serves a copy of the web build (and of its server render, beside it), so a rebuild during the run cannot pull it away.
bench-web: setup build seed-if-empty browser ## Lighthouse (mobile) on home, a product, a pharmacy + the home page's gzipped initial JS, vs. thresholds
	@rm -rf artifacts/bench-web && mkdir -p artifacts/bench-web && cp -r web/dist web/dist-ssr artifacts/bench-web/ || exit 1; \
	export WEB_DIST=$(CURDIR)/artifacts/bench-web/dist BENCH_URL=http://127.0.0.1:8091; \
	DATABASE_NAME=medcanna LOG_LEVEL=warn PORT=8091 node deploy/local/stack.js > artifacts/bench-web-stack.log 2>&1 & echo $$! > artifacts/bench-web-stack.pid; \
	trap 'kill $$(cat artifacts/bench-web-stack.pid) 2>/dev/null' EXIT; \
	for i in $$(seq 1 120); do curl -sf localhost:8091/api/health >/dev/null && break; sleep 1; done; \
	node deploy/load/wait-read-models.js && node deploy/load/lighthouse.mjs

clean:
	rm -rf node_modules */node_modules services/*/node_modules */dist services/*/dist .nx artifacts
