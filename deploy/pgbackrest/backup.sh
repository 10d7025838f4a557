#!/bin/sh
# backup.sh full|diff: takes a base backup into every configured repository, then records its time
# for Prometheus (node_exporter's textfile collector): the alert "backups older than a day" reads it.
# Run as postgres by pgbackrest-backup.service.
set -eu
type="${1:?full or diff}"
stanza="${PGBACKREST_STANZA:-telefon-bozor}"
textfile_dir="${NODE_EXPORTER_TEXTFILE_DIR:-/var/lib/prometheus/node-exporter}"

pgbackrest --stanza="$stanza" --type="$type" backup
pgbackrest --stanza="$stanza" check

# Written aside and moved: the collector never reads half a file.
cat > "$textfile_dir/pgbackrest.prom.$$" <<METRICS
# HELP pgbackrest_last_backup_timestamp_seconds When the last successful base backup of each type ended.
# TYPE pgbackrest_last_backup_timestamp_seconds gauge
pgbackrest_last_backup_timestamp_seconds{stanza="$stanza",type="$type"} $(date +%s)
METRICS
# The other type's line is kept: each run rewrites only its own.
if [ -f "$textfile_dir/pgbackrest.prom" ]; then
  grep '^pgbackrest_last_backup_timestamp_seconds{' "$textfile_dir/pgbackrest.prom" | grep -v "type=\"$type\"" >> "$textfile_dir/pgbackrest.prom.$$" || true
fi
mv "$textfile_dir/pgbackrest.prom.$$" "$textfile_dir/pgbackrest.prom"
