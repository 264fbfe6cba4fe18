#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster for the database-backed tests and prints the URL of a
# role that may create databases (each test file gets its own database).
# Needs root (it starts the system service); CI runs it after setup-system.sh.
set -euo pipefail

scripts/setup-system.sh postgresql >&2
version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >&2
fi
pg_ctlcluster "$version" main start >&2 2>/dev/null || true
# Memory settings of a dedicated database host (these machines have 24 GB). Shared buffers
# hold the benchmark's million-video catalogue (8.1 GiB), as a database host's memory holds
# its database, within the 40 % of memory PostgreSQL's manual gives as the useful ceiling.
# With 2 GB the related videos and deep pages read through the file cache, which this machine
# drops after a minute untouched (decision 0059, "PostgreSQL's shared buffers"); the
# defaults (128 MB) read the catalogue from disk on every list.
wanted="9GB"
current=$(runuser -u postgres -- psql -qtAc "SHOW shared_buffers" 2>/dev/null || echo "")
if [ "$current" != "$wanted" ]; then
  runuser -u postgres -- psql -qtAc "ALTER SYSTEM SET shared_buffers = '$wanted'" >&2
  runuser -u postgres -- psql -qtAc "ALTER SYSTEM SET effective_cache_size = '12GB'" >&2
  runuser -u postgres -- psql -qtAc "ALTER SYSTEM SET work_mem = '16MB'" >&2
  runuser -u postgres -- psql -qtAc "ALTER SYSTEM SET random_page_cost = '1.1'" >&2
  pg_ctlcluster "$version" main restart >&2
fi
for _ in $(seq 1 50); do
  runuser -u postgres -- pg_isready -q && break
  sleep 0.2
done
runuser -u postgres -- psql -qtAc "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'afterglow') THEN
    CREATE ROLE afterglow LOGIN CREATEDB PASSWORD 'afterglow';
  END IF; END \$\$;" >&2
# Each test file drops its database WITH (FORCE). PostgreSQL 15 refuses that while an
# autovacuum worker is in the database (the worker has no role the dropper is a member of)
# unless the dropper may signal any backend.
runuser -u postgres -- psql -qtAc "GRANT pg_signal_backend TO afterglow" >&2
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname = 'afterglow'" | grep -q 1 ||
  runuser -u postgres -- createdb -O afterglow afterglow >&2
# bench/db.ts reads a catalogue into the file cache before measuring (a superuser's extension,
# so every database made from template1 has it).
runuser -u postgres -- psql -d template1 -qtAc "CREATE EXTENSION IF NOT EXISTS pg_prewarm" >&2
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
echo "postgres://afterglow:afterglow@127.0.0.1:${port}/afterglow"
