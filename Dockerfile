# Production image: the built client served by the Node server. PostgreSQL comes from DATABASE_URL.
# Needs the live variables (README, «Lista para salir en vivo») or TEST_SHOP=true (see docker-compose.yml).
# tests/api/image.test.ts assembles exactly what the final stage copies (reading the COPY lines below) and starts it.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/app/.data
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && mkdir -p /app/.data && chown node /app/.data
# dist: the built client, the render bundle and the precompiled server (dist/server, what CMD runs). The sources stay
# for `npm run db:migrate` / `db:seed` (tsx) and the seed's assets; schema.graphql is read at start.
COPY --from=build /app/dist ./dist
COPY schema.graphql tsconfig.json ./
COPY server ./server
COPY shared ./shared
# `npm run staff:add` (the first owner of a real Firebase project) runs inside the image as well.
COPY scripts/staff-add.ts ./scripts/staff-add.ts
EXPOSE 4000
USER node
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD ["node", "-e", "fetch('http://127.0.0.1:4000/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# --max-old-space-size: the same Node flags as `npm start` (README, «Memoria y recolección de basura»); tests/api/image.test.ts
# checks that they match.
CMD ["node", "--max-old-space-size=1024", "dist/server/index.js"]
