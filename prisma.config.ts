import { defineConfig } from "prisma/config";

// Only the CLI reads this; the app builds its own driver adapter in lib/db.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
