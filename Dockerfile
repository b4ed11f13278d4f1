# syntax=docker/dockerfile:1
# The Gatehouse image: `docker build -t gatehouse .` then
#   docker run -p 8080:8080 -v gatehouse-data:/var/lib/gatehouse gatehouse
# (a sandbox with its demo merchant, SQLite in the data volume). Production, several gateways on
# PostgreSQL behind a balancer: compose.yaml and docs/ops/deploy.md.
# The build steps live in scripts/container-build.sh, which CI runs too (no container engine there).

ARG NODE_VERSION=22

# --- build: every dependency, every package built, the runtime folder assembled in /out --------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
# compilers for a native module (better-sqlite3) when no prebuilt binary fits
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund
RUN scripts/container-build.sh /out

# --- runtime: the built server, its production dependencies and the browser bundles, nothing else ----
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    GATEHOUSE_DATA_DIR=/var/lib/gatehouse
WORKDIR /opt/gatehouse
COPY --from=build /out/ ./
RUN mkdir -p /var/lib/gatehouse && chown node:node /var/lib/gatehouse
# the node image's unprivileged user: the code is root's and read-only to it, the data folder is its own
USER node
VOLUME ["/var/lib/gatehouse"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "packages/server/dist/main.js"]
CMD ["start"]
