# syntax=docker/dockerfile:1
# The API image (docs/deploy.md): no benchmarks (bench/), no embedded PostgreSQL (a dev dependency: the image
# needs DATABASE_URL). Base images are pinned by tag; docs/deploy.md, "Pinning the base images", pins them by digest.
# The same image runs the API (default command), the release step
# (node dist/scripts/migrate.js) and webhook workers (node dist/scripts/worker.js).

# --- build: every dependency, TypeScript compiled to dist/ ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: none is needed to compile, and some report installs over the network.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json mikro-orm.config.ts ./
COPY src ./src
COPY rest-adapter ./rest-adapter
COPY scripts ./scripts
# bench/ is neither copied nor compiled (.dockerignore): tsconfig.build.json's include of it finds nothing
RUN npx tsc -p tsconfig.build.json

# --- runtime: production dependencies and dist/ only, as the unprivileged node user ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/tmp/crm \
    SCARF_ANALYTICS=false \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --max-semi-space-size, --expose-gc: the same V8 flags as `npm start` (docs/decisions.md, "A larger young generation",
# "A scavenge every 2 MB of a COPY export"). The image's
# other commands (docs/deploy.md): node dist/scripts/migrate.js, node dist/scripts/worker.js,
# node --optimize-for-size --expose-gc dist/scripts/export-worker.js
CMD ["node", "--max-semi-space-size=32", "--expose-gc", "dist/src/main.js"]
