#!/usr/bin/env bash
# Backs up a running instance (docs/decisions/018): a dump of its PostgreSQL database, then its
# stored files, into a new timestamped folder with a manifest and checksums.
#
#   DATABASE_URL=postgres://user:pass@host:5432/db STORAGE_DIR=/data/storage scripts/backup.sh [backup-root]
#
# backup-root defaults to $BACKUP_ROOT, else ./backups. With S3_BUCKET set the files are the
# bucket's objects, copied with the MinIO client `mc` (S3_ENDPOINT, S3_ACCESS_KEY_ID,
# S3_SECRET_ACCESS_KEY as the app reads them); otherwise STORAGE_DIR is archived.
# Needs pg_dump and pg_restore of the server's major version or newer, tar, sha256sum.
# The last line printed is the new folder's path.
#
# Why this order: pg_dump reads one consistent snapshot. The app writes a file before the row
# that names it and never deletes a file a row still names, so every file named in the dump
# already exists when the files are copied afterwards; files added meanwhile are merely extra.
set -euo pipefail

die() {
  echo "backup: $*" >&2
  exit 1
}

[ -n "${DATABASE_URL:-}" ] || die "falta DATABASE_URL (la base de datos a respaldar)"
for tool in pg_dump pg_restore psql tar sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || die "no se encontró $tool"
done

root="${1:-${BACKUP_ROOT:-./backups}}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
dir="$root/casillero-$stamp"
mkdir -p "$root"
mkdir "$dir" || die "$dir ya existe"
# A half-written backup must not look like a good one.
trap 'status=$?; if [ $status -ne 0 ]; then rm -rf "$dir"; echo "backup: falló; no queda nada en $dir" >&2; fi' EXIT

# An older pg_dump refuses a newer server; say so plainly.
server_version_num="$(psql "$DATABASE_URL" -X -A -t -v ON_ERROR_STOP=1 -c 'show server_version_num')"
server_major=$((server_version_num / 10000))
client_major="$(pg_dump --version | sed -E 's/[^0-9]*([0-9]+).*/\1/')"
[ "$client_major" -ge "$server_major" ] ||
  die "pg_dump $client_major no puede respaldar un servidor PostgreSQL $server_major: instala el cliente $server_major"

echo "Base de datos: volcado con pg_dump $client_major (servidor $server_major)…" >&2
pg_dump --format=custom --compress=6 --file="$dir/database.dump" "$DATABASE_URL"

# Row counts read back from the dump itself, so they describe exactly what was saved.
rows_in_dump() { # schema table
  pg_restore --data-only --schema="$1" --table="$2" --file=- "$dir/database.dump" |
    awk '/^COPY /{copying=1; next} /^\\\.$/{copying=0} copying{n++} END{print n+0}'
}
migrations="$(rows_in_dump drizzle __drizzle_migrations)"
[ "$migrations" -gt 0 ] || die "el volcado no tiene migraciones aplicadas: ¿es la base de datos de la app?"
users="$(rows_in_dump public users)"
trackings="$(rows_in_dump public trackings)"
payments="$(rows_in_dump public payment_transactions)"
stored_files="$(rows_in_dump public stored_files)"

if [ -n "${S3_BUCKET:-}" ]; then
  command -v mc >/dev/null 2>&1 || die "S3_BUCKET está definido y no se encontró mc (MinIO client) para copiar el bucket"
  storage_source="s3://$S3_BUCKET"
  echo "Archivos: copia de $storage_source…" >&2
  # Inside the backup folder, so a failure removes it too; a throw-away mc configuration, so
  # nothing is left in the operator's ~/.mc.
  objects="$dir/.objects"
  export MC_CONFIG_DIR="$objects/.mc"
  mkdir -p "$objects/files"
  mc alias set backup-source "${S3_ENDPOINT:-https://s3.amazonaws.com}" "${S3_ACCESS_KEY_ID:-}" "${S3_SECRET_ACCESS_KEY:-}" >/dev/null
  mc mirror --quiet "backup-source/$S3_BUCKET" "$objects/files" >/dev/null
  tar -C "$objects/files" -czf "$dir/files.tar.gz" .
  rm -rf "$objects"
else
  [ -n "${STORAGE_DIR:-}" ] || die "falta STORAGE_DIR (la carpeta de archivos) o S3_BUCKET"
  [ -d "$STORAGE_DIR" ] || die "STORAGE_DIR no es una carpeta: $STORAGE_DIR"
  storage_source="$STORAGE_DIR"
  echo "Archivos: archivo de $STORAGE_DIR…" >&2
  # Exit status 1 means a file changed while being read: one being written right now, whose
  # row is not in the dump. Anything worse is an error.
  tar_status=0
  tar -C "$STORAGE_DIR" --warning=no-file-changed -czf "$dir/files.tar.gz" . || tar_status=$?
  [ "$tar_status" -le 1 ] || die "tar falló ($tar_status)"
fi
file_count="$(tar -tzf "$dir/files.tar.gz" | grep -cv '/$' || true)"

(cd "$dir" && sha256sum database.dump files.tar.gz >SHA256SUMS)
sha_of() { awk -v f="$1" '$2 == f { print $1 }' "$dir/SHA256SUMS"; }
size_of() { wc -c <"$dir/$1" | tr -d ' '; }
json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# One flat object: restore.sh reads it with grep and sed, without jq.
cat >"$dir/manifest.json" <<EOF
{
  "format": 1,
  "created_at": $(json_string "$(date -u +%Y-%m-%dT%H:%M:%SZ)"),
  "postgres_server_version": $(json_string "$(psql "$DATABASE_URL" -X -A -t -c 'show server_version')"),
  "database_file": "database.dump",
  "database_bytes": $(size_of database.dump),
  "database_sha256": "$(sha_of database.dump)",
  "migrations": $migrations,
  "users": $users,
  "trackings": $trackings,
  "payment_transactions": $payments,
  "stored_files": $stored_files,
  "files_source": $(json_string "$storage_source"),
  "files_file": "files.tar.gz",
  "files_bytes": $(size_of files.tar.gz),
  "files_sha256": "$(sha_of files.tar.gz)",
  "files_count": $file_count
}
EOF

echo "Respaldo listo: $migrations migraciones, $users usuarios, $trackings trackings, $payments pagos, $stored_files archivos registrados, $file_count archivos guardados." >&2
echo "$dir"
