/** A worker that cannot start (like one whose unpdf import fails): it dies before reporting ready. */
throw new Error("simulated worker start-up failure");
