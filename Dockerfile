# Ponte's container image (docs/adr/0133). `deps` installs every dependency (the build needs the
# dev ones) and depends on the lockfile and the manifests only; `prod-deps` drops the dev ones;
# `build` builds the web app and the server; `runtime` keeps only the production dependencies
# and the built files and runs as a user without privileges. The embedded PostgreSQL (from npm)
# works inside it: its data goes to /data with the rest.
#
#   docker build -t ponte .
#   docker run -p 3000:3000 -v ponte-data:/data ponte
#
# NODE_IMAGE: any Debian-based image with Node.js 20.19+ (node, npm and the C headers under
# /usr/local, as in the official images).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
# isolated-vm and re2 are native modules: with no prebuilt binary for this platform, node-gyp
# compiles them against the headers of the Node.js in the image.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
  npm_config_update_notifier=false \
  npm_config_fund=false \
  npm_config_audit=false
WORKDIR /app
# Only what `npm ci` reads: this layer is rebuilt when the lockfile or a manifest changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/engine/package.json packages/engine/
# The engine's postinstall bundles the libraries the code sandbox offers.
COPY packages/engine/scripts packages/engine/scripts
COPY packages/engine/src/sandbox/runtime/entries packages/engine/src/sandbox/runtime/entries
RUN --mount=type=cache,target=/root/.npm,sharing=locked npm ci

FROM deps AS prod-deps
# No lifecycle script: the native modules are built already, the engine's postinstall needs esbuild.
RUN npm prune --omit=dev --ignore-scripts

FROM deps AS build
COPY . .
RUN npm run build --silent

FROM ${NODE_IMAGE} AS runtime
# tini is PID 1: it hands SIGTERM to the server and reaps the PostgreSQL children (`-s`: also
# where it is not PID 1, as under `buildah run` with chroot isolation).
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system --gid 10001 ponte \
  && useradd --system --uid 10001 --gid ponte --home-dir /app --shell /usr/sbin/nologin ponte \
  && mkdir -p /data \
  && chown ponte:ponte /data
WORKDIR /app
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  PONTE_DATA_DIR=/data
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/package.json /app/.npmrc ./
COPY --from=build /app/scripts scripts
COPY --from=build /app/packages/shared/package.json packages/shared/
COPY --from=build /app/packages/engine/package.json packages/engine/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# The `ponte` command (backup, user…) rebuilds when a source looks newer than the build stamp;
# copying gave the folders new times, and the image's build is final: the stamp is now.
RUN node -e "require('fs').writeFileSync('apps/server/dist/.build-stamp', String(Date.now()))"
USER ponte
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "-s", "--"]
# What `npm start` runs, without the build check (the image holds the built files).
CMD ["node", "--max-semi-space-size=4", "--liftoff-only", "apps/server/dist/main.js"]
