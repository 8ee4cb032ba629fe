# The production image: Node 24 LTS, production dependencies only, run as the unprivileged `node` user.
# The same image runs a web server (default command) or a billing worker (`npm run worker`), as
# `npm run cluster` does with processes; compose.yaml puts them together. No container engine runs on
# the project's machines, so this file is not exercised by CI: the cluster script is the tested path.

# Build the page (needs the development tools: Vite, TypeScript).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/sandbox/package.json apps/sandbox/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PROVIDERS=live \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/sandbox/package.json apps/sandbox/
COPY packages/domain/package.json packages/domain/
# Production dependencies only; tsx runs the TypeScript sources as `npm start` does (pinned to the
# lockfile's version of the repository's own).
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm install -g "tsx@$(node -p "require('./package-lock.json').packages['node_modules/tsx'].version")" \
 && npm cache clean --force
COPY --chown=node:node apps ./apps
COPY --chown=node:node packages ./packages
COPY --chown=node:node scripts ./scripts
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (no shell in between), so the clean shutdown runs.
CMD ["tsx", "apps/server/src/main.ts"]
