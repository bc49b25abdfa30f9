# The app image: the built client served by the Fastify server (run with tsx, as `npm start` does).
# Used by docker-compose.yml beside PostgreSQL; see README.md "Production with PostgreSQL".
FROM node:20-bookworm-slim

WORKDIR /app

# Install dependencies first (cached while no package.json or the lockfile changes).
# devDependencies are needed too: the client is built with Vite inside the image.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build \
  && mkdir -p /data/storage \
  && chown -R node:node /data

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    STORAGE_DIR=/data/storage

USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# Migrations are applied at start-up.
CMD ["npx", "tsx", "server/src/main.ts"]
