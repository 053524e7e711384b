import http from "node:http";

/**
 * POSTs up to `megabytes` of body in 1 MB chunks, at the pace the server takes them, and stops when
 * it answers: the answer's status and how much had gone by then (a server that reads the whole body
 * first answers only after all of it). A connection reset before the answer was read comes back as
 * `reset` (its error code). A connection of its own (no keep-alive pool): refusals close it.
 */
export function streamBody(port: number, path: string, megabytes: number, headers: Record<string, string>) {
  return new Promise<{ status: number; sentMb: number; reset?: string }>((resolve, reject) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false }, (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentMb: sent });
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") resolve({ status: 0, sentMb: sent, reset: error.code });
      else reject(error);
    });
    const pump = () => {
      while (!answered && sent < megabytes) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}
