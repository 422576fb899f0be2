# syntax=docker/dockerfile:1
# The service as `npm start` runs it, on Node 24: from its start bundle (bootstrap/start-bundle.ts),
# built here beside the TypeScript sources it was made from, with Debian's Chromium for HTML to
# PDF. Production needs its secrets (.env.example), SMTP_URL, and either a volume on /data (the
# embedded store) or MONGODB_URI; see compose.yaml for a scaled-out setup.

FROM node:24.21.0-bookworm-slim AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
# Runtime dependencies only; the `node` devDependency is the image's own Node here.
RUN npm ci --omit=dev --no-audit --no-fund

# The start bundle needs the runtime dependencies it bundles and the build tool alone: esbuild, at
# the version package.json pins, installed apart and linked in (no other development dependency).
FROM dependencies AS bundle
RUN npm install --prefix /tools --no-audit --no-fund "esbuild@$(node -p "require('./package.json').devDependencies.esbuild")" \
  && ln -s /tools/node_modules/esbuild node_modules/esbuild
COPY core ./core
COPY ports ./ports
COPY adapters ./adapters
COPY bootstrap ./bootstrap
COPY jobs ./jobs
COPY fixtures ./fixtures
# The sources and their bundle are what the image takes from here, not this stage's dependencies.
RUN npm run build:start && rm -rf node_modules

FROM node:24.21.0-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    AUTH_PORT=8081 \
    DATA_DIR=/data \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium \
    RENDER_NO_SANDBOX=true
WORKDIR /app
COPY --from=dependencies /app/node_modules ./node_modules
COPY --from=bundle /app ./
# /data holds the embedded store: mount a volume there (`-v insurance-data:/data`) when MONGODB_URI
# is not set. No VOLUME is declared, so a deployment on MongoDB gets no anonymous volume.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080 8081
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:8080/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node receives SIGTERM itself and stops gracefully (requests in flight finish, jobs drain).
# The flags and environment of `npm start` (package.json): see docs/configuration.md, memory.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=40", "bootstrap/start.mjs"]
