#!/usr/bin/env bash
# HFM backup (docs/operations.md, "Backups and restore"):
#
#   deploy/backup.sh DEST
#
# Writes DEST/database.dump (pg_dump's custom format, of DATABASE_URL) and then copies every object of the
# bucket (S3_BUCKET, with the server's S3_* settings) to DEST/objects, or, with BACKUP_BUCKET set, to
# s3://BACKUP_BUCKET/<name of DEST>/objects (a server-side copy), the dump then also going to
# s3://BACKUP_BUCKET/<name of DEST>/database.
# Runs beside live servers: the dump is one consistent snapshot, and the objects are copied after it, so
# every object the dump names is there (an object deleted in between excepted). Exits non-zero on any error
# and leaves DEST/COMPLETE only when both parts are whole.
#
# Embedded mode (no DATABASE_URL): stop the server and copy DATA_DIR instead; see docs/operations.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
node_bin="${NODE:-node}"
dest="${1:?usage: deploy/backup.sh DEST}"
: "${DATABASE_URL:?DATABASE_URL must name the PostgreSQL database (embedded mode: copy DATA_DIR instead)}"

mkdir -p "$dest"
rm -f "$dest/COMPLETE"
echo "backup: dumping the database"
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$dest/database.dump.partial" "$DATABASE_URL"
mv "$dest/database.dump.partial" "$dest/database.dump"

if [[ -n "${S3_BUCKET:-}" ]]; then
  if [[ -n "${BACKUP_BUCKET:-}" ]]; then
    objects="s3://$BACKUP_BUCKET/$(basename "$dest")/objects"
  else
    objects="$dest/objects"
  fi
  echo "backup: copying s3://$S3_BUCKET to $objects"
  "$node_bin" "$here/copy-objects.ts" "s3://$S3_BUCKET" "$objects"
fi

date -u +%Y-%m-%dT%H:%M:%SZ >"$dest/COMPLETE"
if [[ -n "${BACKUP_BUCKET:-}" ]]; then
  # DEST then holds the dump and the marker alone: they go beside the objects, the marker last of all.
  "$node_bin" "$here/copy-objects.ts" "$dest" "s3://$BACKUP_BUCKET/$(basename "$dest")/database"
fi
echo "backup: complete in $dest"
