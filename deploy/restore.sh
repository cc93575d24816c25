#!/usr/bin/env bash
# HFM restore (docs/operations.md, "Backups and restore"):
#
#   deploy/restore.sh SRC
#
# SRC is a folder deploy/backup.sh wrote (it must hold COMPLETE); with BACKUP_BUCKET set, the dump is first
# fetched from s3://BACKUP_BUCKET/<name of SRC>/database into SRC. Restores SRC/database.dump into
# DATABASE_URL (an empty database, or one whose HFM tables are replaced: --clean) and copies SRC/objects,
# or with BACKUP_BUCKET set s3://BACKUP_BUCKET/<name of SRC>/objects, into the bucket S3_BUCKET.
# Stop every HFM process first; start them again (API first: it runs migrations) once this has finished.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node_bin="${NODE:-node}"
src="${1:?usage: deploy/restore.sh SRC}"
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL database to restore into}"
if [[ -n "${BACKUP_BUCKET:-}" && -n "${S3_BUCKET:-}" ]]; then
  echo "restore: fetching the dump from s3://$BACKUP_BUCKET/$(basename "$src")/database"
  mkdir -p "$src"
  "$node_bin" "$here/copy-objects.ts" "s3://$BACKUP_BUCKET/$(basename "$src")/database" "$src"
fi
[[ -f "$src/COMPLETE" ]] || { echo "restore: $src has no COMPLETE marker: not a whole backup" >&2; exit 1; }

echo "restore: restoring the database"
pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$DATABASE_URL" "$src/database.dump"

if [[ -n "${S3_BUCKET:-}" ]]; then
  if [[ -n "${BACKUP_BUCKET:-}" ]]; then
    from="s3://$BACKUP_BUCKET/$(basename "$src")/objects"
  else
    from="$src/objects"
  fi
  echo "restore: copying $from to s3://$S3_BUCKET"
  "$node_bin" "$here/copy-objects.ts" "$from" "s3://$S3_BUCKET"
fi
echo "restore: complete"
