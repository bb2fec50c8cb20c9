# syntax=docker/dockerfile:1
# The product as a container: one image for every app instance (docs/deploy.md). Built with `docker build -t wazifa .`.

# Build: all dependencies, then the client into dist/client.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run: production dependencies only, the built client, the server's TypeScript (Node 24 runs it as is).
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY server ./server
COPY shared ./shared
COPY migrations ./migrations
COPY scripts ./scripts
# Temporary upload files (and, without DATABASE_URL, the embedded database) live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--expose-gc", "server/index.ts"]
