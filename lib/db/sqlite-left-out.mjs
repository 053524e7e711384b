// Stands in for the SQLite driver (better-sqlite3, its Prisma adapter and Prisma's SQLite query
// compiler) in a build made with a PostgreSQL DATABASE_URL: next.config.js aliases them here so
// that serverless functions do not carry them. Any use of SQLite in such a build fails clearly.
function leftOut() {
  throw new Error(
    "SQLite was left out of this build (DATABASE_URL was PostgreSQL when it was built); build again without it to use SQLite",
  );
}
export default function Database() {
  leftOut();
}
export class PrismaBetterSqlite3 {
  constructor() {
    leftOut();
  }
}
export const wasm = "";
