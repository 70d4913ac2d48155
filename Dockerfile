# HumanProof on the Node 24 LTS image. Build: docker build -t humanproof .  Run with DATABASE_URL, SESSION_SECRET,
# PUBLIC_URL (and the rest of .env.example) set; DATA_DIR is /app/data.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The npm workspaces (packages/*: the SDK and the command line) must be known before the install.
COPY packages/sdk/package.json packages/sdk/
COPY packages/cli/package.json packages/cli/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
RUN mkdir -p /app/data && chown node /app/data
USER node
EXPOSE 5000
CMD ["node", "dist/server/main.js"]
