/** Whether the production build in `distDir` is missing or older than the app's sources. */
export function buildIsStale(root: string, distDir?: string): boolean;
