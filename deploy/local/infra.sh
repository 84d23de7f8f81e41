#!/usr/bin/env bash
# Makes PostgreSQL, Redis and NATS (with JetStream) reachable on localhost and creates each service's
# role and schema in the dev and test databases. Uses what answers, starts what is installed, installs
# (apt-get, as root) what is missing, or uses `docker compose` where a Docker engine answers.
# Idempotent: safe to run before every `make dev` / `make test`. PGHOST points it at another PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/../.."

SERVICES_SCHEMAS="catalog pharm cart order shipping_quote identity notifications"
DATABASES="${DATABASES:-medcanna medcanna_test medcanna_e2e}"
PG="env PGOPTIONS=-cclient_min_messages=warning psql -h ${PGHOST:-127.0.0.1} -U postgres -v ON_ERROR_STOP=1 -qtA"

say() { printf '[infra] %s\n' "$*"; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { for _ in $(seq 1 60); do port_open "$1" && return 0; sleep 0.5; done; return 1; }
docker_ok() { command -v docker >/dev/null && docker info >/dev/null 2>&1; }
apt_updated=""
apt_install() {
  [ "$(id -u)" = 0 ] || die "$* is missing and installing it needs root (apt-get install $*)."
  command -v apt-get >/dev/null || die "$* is missing and this machine has no apt-get; install it by hand."
  [ -n "$apt_updated" ] || { DEBIAN_FRONTEND=noninteractive apt-get update -qq; apt_updated=1; }
  say "installing $* with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_postgres() {
  if port_open 5432; then return; fi
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1 && docker_ok; then
    say "starting postgres with docker compose"; docker compose -f docker-compose.yml -f deploy/local/compose.infra.yml up -d postgres redis
  else
    ls /etc/postgresql/*/main >/dev/null 2>&1 || apt_install postgresql postgresql-contrib
    local version; version=$(ls /etc/postgresql | sort -V | tail -1)
    say "starting postgresql $version"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  fi
  wait_port 5432 || die "PostgreSQL does not answer on 127.0.0.1:5432."
}

ensure_redis() {
  if port_open 6379; then return; fi
  if ! command -v redis-server >/dev/null && docker_ok; then
    say "starting redis with docker compose"; docker compose -f docker-compose.yml -f deploy/local/compose.infra.yml up -d redis
  else
    command -v redis-server >/dev/null || apt_install redis-server
    say "starting redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
  fi
  wait_port 6379 || die "Redis does not answer on 127.0.0.1:6379."
}

# The project's own NATS servers, with its own configuration: development on 4230, the tests on 4231 (so a running
# `make dev` never takes their requests or events). Every process connects with an NKey of its own and may touch only
# its own subjects (deploy/local/nats.js writes the configuration from deploy/nats/permissions.json and makes this
# machine's keys once). A server of ours already running rereads its configuration; anything else on the port is stopped.
# The machine's own NATS (4222, no authentication) is not used.
NATS_DEV_PORT=4230
NATS_TEST_PORT=4231
nats_binary() { command -v nats-server || { [ -x /usr/sbin/nats-server ] && echo /usr/sbin/nats-server; } || true; }
ensure_project_nats() {
  local kind="$1" port="$2" bin conf pidfile
  bin=$(nats_binary)
  if [ -z "$bin" ]; then
    if docker_ok; then
      say "starting nats ($kind) with docker compose"
      node deploy/local/nats.js compose deploy/nats/compose >/dev/null
      docker compose -f docker-compose.yml -f deploy/local/compose.infra.yml up -d "$([ "$kind" = dev ] && echo nats || echo nats-test)"
      wait_port "$port" || die "NATS ($kind) does not answer on $port."
      return
    fi
    apt_install nats-server; bin=$(nats_binary)
  fi
  [ -d node_modules/nats ] || die "node_modules is missing: run deploy/local/deps.sh first (make setup does)."
  conf=$(node deploy/local/nats.js config "$kind" "$port")
  pidfile="${conf%.conf}.pid"
  if port_open "$port"; then
    if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null && tr '\0' ' ' < "/proc/$(cat "$pidfile")/cmdline" 2>/dev/null | grep -qF -- "$conf"; then
      kill -HUP "$(cat "$pidfile")"   # rereads the configuration: new permissions or keys apply at once
      return
    fi
    say "stopping the NATS server on $port (not started from $conf)"
    pkill -f -- "nats-server.* -p $port( |$)" || true; pkill -f -- "nats-server.*-c .*$kind.conf" || true
    for _ in $(seq 1 20); do port_open "$port" || break; sleep 0.25; done
  fi
  say "starting nats-server ($kind, $port) with JetStream and per-process credentials"
  start-stop-daemon --start --background --pidfile "$pidfile" --make-pidfile --exec "$bin" -- -c "$conf" -l "${conf%.conf}.log"
  wait_port "$port" || die "NATS ($kind) does not answer on 127.0.0.1:$port (see ${conf%.conf}.log)."
}

# Drops every service schema of one database and makes them again, empty and owned as ensure_databases makes them.
reset_database() {
  local db="$1"
  for schema in $SERVICES_SCHEMAS; do $PG -d "$db" -c "DROP SCHEMA IF EXISTS \"$schema\" CASCADE"; done
  DATABASES="$db" ensure_databases
}

ensure_databases() {
  $PG -d postgres -c 'SELECT 1' >/dev/null || die "cannot connect to PostgreSQL as postgres on 127.0.0.1 (trust auth expected)."
  for schema in $SERVICES_SCHEMAS; do
    $PG -d postgres -c "DO \$\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$schema') THEN CREATE ROLE \"$schema\" LOGIN; END IF; END\$\$;"
  done
  for db in $DATABASES; do
    if [ -z "$($PG -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
      say "creating database $db"
      $PG -d postgres -c "CREATE DATABASE \"$db\" ENCODING 'UTF8' LOCALE 'C.UTF-8' TEMPLATE template0"
    fi
    $PG -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_trgm; REVOKE CREATE ON SCHEMA public FROM PUBLIC;"
    for schema in $SERVICES_SCHEMAS; do
      # Each service owns its schema alone: no other service's role may read it.
      # (CREATE on the database only because drizzle's migrator always says CREATE SCHEMA IF NOT EXISTS.)
      $PG -d "$db" -c "CREATE SCHEMA IF NOT EXISTS \"$schema\" AUTHORIZATION \"$schema\"; REVOKE ALL ON SCHEMA \"$schema\" FROM PUBLIC; GRANT CONNECT, CREATE ON DATABASE \"$db\" TO \"$schema\";"
    done
  done
  # Some machines run PostgreSQL with autovacuum off: the test runs then leave hundreds of thousands of dead rows
  # behind (the change feeds, the order volumes), and a later run's reads slow down until its timing checks fail.
  if [ "$($PG -d postgres -c 'SHOW autovacuum')" = "off" ]; then
    for db in $DATABASES; do $PG -d "$db" -c "VACUUM ANALYZE"; done
  fi
}

# --reset-database <db>: empty a database's service schemas (the end-to-end tests start from nothing).
if [ "${1:-}" = "--reset-database" ]; then
  reset_database "${2:?which database?}"
  exit 0
fi

# --databases-only: the servers are someone else's (docker compose); only create roles, databases, schemas.
if [ "${1:-}" != "--databases-only" ]; then
  ensure_postgres
  ensure_redis
  ensure_project_nats dev "$NATS_DEV_PORT"
  ensure_project_nats test "$NATS_TEST_PORT"
fi
ensure_databases
say "PostgreSQL, Redis and NATS ($NATS_DEV_PORT; tests $NATS_TEST_PORT) are up; databases: $DATABASES"
