# syntax=docker/dockerfile:1
# Playshop: one image with the server, the built web app and the server's production dependencies.
#   docker build --build-arg GIT_COMMIT="$(git rev-parse HEAD)" -t playshop .
# Data (embedded database, files, generated JWT secret) lives in /data: mount a volume there.
ARG NODE_IMAGE=node:24-slim

# Build: every dependency (devDependencies too), the web app and the server bundle, then the
# runtime tree the last stage copies (scripts/runtime-tree.sh, the same script CI starts from).
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/messages/package.json packages/messages/
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
ARG GIT_COMMIT=unknown
ENV GIT_COMMIT=${GIT_COMMIT}
RUN npm run build && bash scripts/runtime-tree.sh /runtime

# Runtime: the runtime tree only, run as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build /runtime /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: the process answers. Readiness (database, Redis, S3, draining) is /readyz, for the
# load balancer; an unhealthy Redis must not get every container restarted.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: /readyz answers 503 for SHUTDOWN_DRAIN_MS, then requests finish and sockets close.
STOPSIGNAL SIGTERM
# The node flags are package.json's `start:prod` flags (the deploy lint keeps them equal).
CMD ["node", "--no-allocation-site-pretenuring", "apps/server/dist/main.js"]
