export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Node 22.1+ keeps the code it compiles for the server's modules (the routes Next.js loads
    // at start, Prisma's, the PDF workers') on disk, so later starts skip compiling them. Not on
    // Vercel, where every function starts on an empty disk.
    if (!process.env.VERCEL) {
      const { directory } = (await import("node:module")).enableCompileCache?.() ?? {};
      if (directory) process.env.NODE_COMPILE_CACHE ??= directory; // worker threads inherit it
    }
    const [{ bootstrap }, { config, ConfigError }] = await Promise.all([import("./lib/bootstrap"), import("./lib/config")]);
    try {
      // Every setting is checked before the server takes its first request: a bad one stops the
      // start with its name, instead of every route answering 500 afterwards.
      config();
      await bootstrap();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`${error.message}\nFix the setting (see .env.example) and start again.`);
      process.exit(1);
    }
  }
}
