export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
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
