# Production image: the built client served by the Node server; PostgreSQL comes from DATABASE_URL.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --omit=dev && mkdir -p /app/.data && chown node /app/.data
COPY --from=build /app/dist ./dist
COPY schema.graphql tsconfig.json ./
COPY server ./server
COPY shared ./shared
EXPOSE 4000
USER node
CMD ["npx", "tsx", "server/src/index.ts"]
