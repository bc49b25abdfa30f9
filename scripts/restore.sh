#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into an EMPTY database and an empty file store
# (docs/decisions/018), then checks the result against the backup's manifest.
#
#   DATABASE_URL=postgres://…/new_db STORAGE_DIR=/data/storage scripts/restore.sh backups/casillero-20261201T030000Z
#
# Create the database first (createdb, or CREATE DATABASE …); it must hold no tables. With
# S3_BUCKET set the files go into that bucket with the MinIO client `mc` (S3_ENDPOINT,
# S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) and it must be empty; otherwise they go into
# STORAGE_DIR, which must be empty or not exist yet. Stop the app's instances on the old
# database first; start them on the restored one afterwards (they apply any newer migrations).
# The role in DATABASE_URL must be allowed to CREATE EXTENSION pg_trgm in that database (its
# owner, on PostgreSQL 13 or newer, or a superuser).
set -euo pipefail

die() {
  echo "restore: $*" >&2
  exit 1
}

backup="${1:-}"
[ -n "$backup" ] || die "uso: scripts/restore.sh <carpeta del respaldo>"
[ -f "$backup/manifest.json" ] || die "$backup no es un respaldo (falta manifest.json)"
[ -n "${DATABASE_URL:-}" ] || die "falta DATABASE_URL (la base de datos vacía donde restaurar)"
for tool in pg_restore psql tar sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || die "no se encontró $tool"
done

manifest() { # key: its value in the flat manifest.json, quotes removed
  sed -nE "s/^[[:space:]]*\"$1\":[[:space:]]*\"?([^\",]*)\"?,?[[:space:]]*$/\1/p" "$backup/manifest.json"
}
[ "$(manifest format)" = "1" ] || die "formato de manifiesto desconocido"

echo "Comprobando las sumas SHA-256…" >&2
(cd "$backup" && sha256sum --check --quiet SHA256SUMS) || die "el respaldo está dañado: las sumas SHA-256 no coinciden"

sql() { psql "$DATABASE_URL" -X -A -t -v ON_ERROR_STOP=1 -c "$1"; }
tables="$(sql "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
[ "$tables" = "0" ] || die "la base de datos de destino no está vacía ($tables tablas): restaura en una base nueva"

if [ -n "${S3_BUCKET:-}" ]; then
  command -v mc >/dev/null 2>&1 || die "S3_BUCKET está definido y no se encontró mc (MinIO client)"
  mc_dir="$(mktemp -d)"
  trap 'rm -rf "$mc_dir"' EXIT
  export MC_CONFIG_DIR="$mc_dir/.mc"
  mc alias set restore-target "${S3_ENDPOINT:-https://s3.amazonaws.com}" "${S3_ACCESS_KEY_ID:-}" "${S3_SECRET_ACCESS_KEY:-}" >/dev/null
  [ -z "$(mc ls --recursive "restore-target/$S3_BUCKET" | head -n 1)" ] || die "el bucket $S3_BUCKET no está vacío"
else
  [ -n "${STORAGE_DIR:-}" ] || die "falta STORAGE_DIR (la carpeta de archivos de destino) o S3_BUCKET"
  if [ -e "$STORAGE_DIR" ] && [ -n "$(ls -A "$STORAGE_DIR")" ]; then die "STORAGE_DIR no está vacía: $STORAGE_DIR"; fi
fi

echo "Base de datos: restaurando $(manifest database_file)…" >&2
# One transaction: a failure leaves the database empty, ready for another try. Ownership and
# grants are the restoring role's: the original roles need not exist here.
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges \
  --dbname="$DATABASE_URL" "$backup/$(manifest database_file)"

echo "Archivos: restaurando $(manifest files_file)…" >&2
if [ -n "${S3_BUCKET:-}" ]; then
  mkdir "$mc_dir/files"
  tar -C "$mc_dir/files" -xzf "$backup/$(manifest files_file)"
  mc mirror --quiet "$mc_dir/files" "restore-target/$S3_BUCKET" >/dev/null
  restored_files="$(mc ls --recursive "restore-target/$S3_BUCKET" | wc -l | tr -d ' ')"
  rm -rf "$mc_dir"
else
  mkdir -p "$STORAGE_DIR"
  tar -C "$STORAGE_DIR" -xzf "$backup/$(manifest files_file)"
  restored_files="$(find "$STORAGE_DIR" -type f | wc -l | tr -d ' ')"
fi

# What arrived must be what the manifest says was saved.
check() { # label expected actual
  [ "$2" = "$3" ] || die "$1: el respaldo tiene $2 y la base restaurada $3"
}
check "migraciones" "$(manifest migrations)" "$(sql 'select count(*) from drizzle.__drizzle_migrations')"
check "usuarios" "$(manifest users)" "$(sql 'select count(*) from users')"
check "trackings" "$(manifest trackings)" "$(sql 'select count(*) from trackings')"
check "pagos" "$(manifest payment_transactions)" "$(sql 'select count(*) from payment_transactions')"
check "archivos registrados" "$(manifest stored_files)" "$(sql 'select count(*) from stored_files')"
check "archivos" "$(manifest files_count)" "$restored_files"
if [ -z "${S3_BUCKET:-}" ]; then
  # Every stored_files row must find its bytes (keys are relative paths under the store).
  missing=0
  while IFS= read -r key; do
    [ -f "$STORAGE_DIR/$key" ] || { echo "restore: falta el archivo $key" >&2; missing=$((missing + 1)); }
  done < <(sql 'select storage_key from stored_files')
  [ "$missing" -eq 0 ] || die "$missing archivos registrados no están en el respaldo"
fi

echo "Restauración completa: $(manifest migrations) migraciones, $(manifest users) usuarios, $(manifest trackings) trackings, $(manifest payment_transactions) pagos, $restored_files archivos (respaldo del $(manifest created_at))." >&2
