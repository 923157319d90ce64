import { defineConfig } from 'drizzle-kit';

// Only `npm run db:generate` uses this: it diffs schema.ts against the committed
// migrations and writes the next one. Migrations are applied by the app at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
