/** The name the LanceDB backend registers under (its own module: importing it loads nothing). */
export const LANCEDB_BACKEND = "lancedb";
