# The `backup` service of docker-compose.yml: PostgreSQL 15's client tools (pg_dump, pg_restore,
# psql), the MinIO client for the bucket, and scripts/backup.sh and scripts/restore.sh.
#   docker compose run --rm backup                      a backup into ./backups
#   docker compose run --rm --entrypoint restore.sh backup /backups/casillero-…   (README.md)
FROM minio/mc:RELEASE.2024-11-21T17-21-54Z AS mc

FROM postgres:15
COPY --from=mc /usr/bin/mc /usr/local/bin/mc
COPY scripts/backup.sh /usr/local/bin/backup.sh
COPY scripts/restore.sh /usr/local/bin/restore.sh
ENTRYPOINT ["backup.sh"]
CMD ["/backups"]
