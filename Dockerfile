# refboard: `next build` then `next start`. Untested here (no Docker engine on the build machine);
# see docs/deploy.md. The image keeps the sources and dev dependencies so the operator commands
# (npm run export:rewards, npm run import:legacy) run inside it.
FROM node:24-bookworm-slim

# better-sqlite3 compiles from source when no prebuilt binary matches
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1

COPY package.json package-lock.json ./
RUN npm ci

COPY . .
RUN npm run build \
  && mkdir -p .data \
  && chown -R node:node .data .next

ENV NODE_ENV=production
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# From the repository root: the Redis store reads its Lua scripts from lib/store/redis/scripts at start.
CMD ["node", "node_modules/next/dist/bin/next", "start", "-H", "0.0.0.0", "-p", "3000"]
