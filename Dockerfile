# syntax=docker/dockerfile:1
# Brushline's production image: docs/deploy.md, docs/decisions/0029-container.md.
#   docker build -t brushline .        (or `docker compose up -d` with compose.yaml)
# The Node of the machines this project is developed and tested on (decision 0001).
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, the web app and the server bundles, then the runtime folder ----
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The package files first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# The same folder `npm run check:prod` makes and starts: bundles, migrations, the web build, the
# health check and apps/server's production dependencies only (from npm's cache of the step above).
RUN node scripts/runtime-bundle.mjs /app

# ---- runtime: Node, the runtime folder, nothing else ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# Owned by root, so the server (user node) cannot change its own code.
COPY --from=build /app/ ./
# Embedded database, mail outbox, local media and the signing secret; with DATABASE_URL and
# MEDIA_STORAGE=s3 only the outbox and the secret are left here.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# main.ts drains and exits 0 on SIGTERM within SHUTDOWN_TIMEOUT_MS (10 s by default): give
# `docker stop` more than that (compose.yaml's stop_grace_period).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/healthcheck.mjs", "/api/health"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
