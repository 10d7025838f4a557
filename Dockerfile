# One image and one build for the API (backend/dist/main.js) and the workers (workers/dist/main.js, which
# load the built backend as the @market/backend package); docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
# The API's heap budget, as in scripts/api-command.mjs.
CMD ["node", "--max-old-space-size=384", "backend/dist/main.js"]
