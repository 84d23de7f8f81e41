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
    say "starting postgres with docker compose"; docker compose up -d postgres redis nats
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
    say "starting redis with docker compose"; docker compose up -d redis
  else
    command -v redis-server >/dev/null || apt_install redis-server
    say "starting redis"
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
  fi
  wait_port 6379 || die "Redis does not answer on 127.0.0.1:6379."
}

# The tests get a NATS server of their own (4223), so a running `make dev` never takes their requests or events.
ensure_test_nats() {
  if port_open 4223; then return; fi
  if docker_ok && ! command -v nats-server >/dev/null && ! [ -x /usr/sbin/nats-server ]; then
    docker compose up -d nats-test
  else
    local bin; bin=$(command -v nats-server || echo /usr/sbin/nats-server)
    mkdir -p /var/lib/nats-server-test
    start-stop-daemon --start --background --pidfile /var/run/nats-server-test.pid --make-pidfile --exec "$bin" -- \
      -a 127.0.0.1 -p 4223 -js -sd /var/lib/nats-server-test -l /var/log/nats-server-test.log
  fi
  wait_port 4223 || die "the tests' NATS does not answer on 127.0.0.1:4223."
}

ensure_nats() {
  if port_open 4222; then return; fi
  if ! [ -x /usr/sbin/nats-server ] && ! command -v nats-server >/dev/null && docker_ok; then
    say "starting nats with docker compose"; docker compose up -d nats
  else
    [ -x /usr/sbin/nats-server ] || command -v nats-server >/dev/null || apt_install nats-server
    local bin; bin=$(command -v nats-server || echo /usr/sbin/nats-server)
    say "starting nats-server with JetStream"
    mkdir -p /var/lib/nats-server
    start-stop-daemon --start --oknodo --background --exec "$bin" -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  fi
  wait_port 4222 || die "NATS does not answer on 127.0.0.1:4222."
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
  ensure_nats
  ensure_test_nats
fi
ensure_databases
say "PostgreSQL, Redis and NATS (4222; tests 4223) are up; databases: $DATABASES"
