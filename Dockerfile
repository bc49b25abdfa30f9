# The app image (docs/decisions/017): built in one stage, run from another that holds only what
# runs — the server bundle on plain `node`, its production dependencies, the migrations and the
# built client. Used by docker-compose.yml beside PostgreSQL; see README.md "Production with PostgreSQL".
# Node 24, the LTS (docs/decisions/023): the native addons (argon2, sharp) are Node-API prebuilt
# packages and PGlite is WebAssembly, so nothing is compiled for it.

# ---- build: every dependency (Vite, esbuild, TypeScript), then the client and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app

# Dependencies first, cached while no package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build

# ---- runtime: the server's production dependencies and the built files; no TypeScript, no tsx.
FROM node:24-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production

# npm needs every workspace's manifest to check the lockfile; only the server's dependencies
# are installed (the shared workspace is inside the bundle, the client is static files).
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY tests/package.json tests/
# TypeScript arrives as @trpc/server's peer dependency, for types only: nothing runs it.
RUN npm ci --omit=dev --workspace server --no-audit --no-fund \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver \
  && npm cache clean --force

COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/drizzle server/drizzle
COPY --from=build /app/client/dist client/dist
# The client's server bundle (self-contained): the customer's first screens rendered per request (decision 031).
COPY --from=build /app/client/dist-ssr client/dist-ssr

RUN mkdir -p /data/storage && chown -R node:node /data
ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STORAGE_DIR=/data/storage

USER node
EXPOSE 3000

# Liveness only: the process answers. Readiness (database and migrations) is /readyz, for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# Migrations are applied at start-up. SIGTERM: a graceful shutdown within 10 s (give the
# container a longer stop timeout, e.g. compose's stop_grace_period: 15s).
# CLI in the container: node server/dist/cli/admin-create.js --email … --password …
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
