# Sakan API image (see docker-compose.yml for the topology around it).
#
#   docker build -t sakan-api .
#
# Written for the classic builder as well as BuildKit: Debian's docker-compose 1.29
# builds through docker-py without BuildKit, so no `RUN --mount`, no `COPY --link`.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------
# manifests: only the package.json files and the lockfile, so that the dependency layer
# below is rebuilt only when they change. Copying everything and deleting the rest (rather
# than listing each workspace's package.json) keeps this right when workspaces are added.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
 && find . -depth -type d -empty -delete

# ---------------------------------------------------------------------------------------
# build: every dependency (dev ones too: the build needs TypeScript), then the build of
# every workspace that has one, then the dev dependencies are dropped.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
COPY --from=manifests /src ./
# `npm install`, not `npm ci`: the lockfile carries platform-specific optional packages
# that `npm ci` refuses to resolve from this registry (see TOOLCHAIN.md).
RUN npm install
COPY . .
RUN npm run build -w common \
 && npm run build -w backoffice \
 && npm prune --omit=dev

# ---------------------------------------------------------------------------------------
# runtime: the built tree, owned by root and read-only for the app user; only the
# scratch folders are writable.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /app ./
# site/dist is built at release time (it reads the catalogue from the running API) into a
# volume shared with the replicas; the release job also needs Astro's cache folder.
RUN mkdir -p api/tmp api/storage site/dist site/.astro site/node_modules/.astro \
 && chown node:node api/tmp api/storage site/dist site/.astro site/node_modules/.astro
# `node` (uid 1000) ships with the official Node images.
USER node
WORKDIR /app/api
EXPOSE 3000
# The image has no curl/wget: Node's fetch checks GET /api/health → 200 {"status":"ok"}.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>r.json().then(b=>process.exit(r.ok&&b.status==='ok'?0:1))).catch(()=>process.exit(1))"]
# The API runs its TypeScript directly, through the in-thread loader (no compile step).
CMD ["node", "--max-semi-space-size=16", "--max-old-space-size=256", "--import=./bin/loader.mjs", "bin/server.ts"]
