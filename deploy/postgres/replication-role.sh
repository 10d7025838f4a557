#!/bin/bash
# Run by the postgres image on the primary's first start (docker-entrypoint-initdb.d): the role the
# replica's pg_basebackup and streaming connect as, and the pg_hba.conf line that lets it.
set -euo pipefail
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
  -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}'"
echo 'host replication replicator all scram-sha-256' >> "$PGDATA/pg_hba.conf"
