import { connect, createServer } from "node:net";

/** A TCP port on 127.0.0.1 that nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** One TCP connect to the port on 127.0.0.1: "connected", or the error code it failed with. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve("connected")));
    socket.once("error", (error: NodeJS.ErrnoException) => (socket.destroy(), resolve(error.code ?? error.message)));
  });
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await tryConnect(port)) === "connected") return;
    if (Date.now() > deadline) throw new Error(`nothing listened on 127.0.0.1:${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Resolves once a connect to the port is refused (ECONNREFUSED: nothing listens any more); while
 * connects still succeed it tries again. Any other failure rejects: it would not show a closed port.
 */
export async function waitForRefusal(port: number): Promise<void> {
  for (;;) {
    const outcome = await tryConnect(port);
    if (outcome === "ECONNREFUSED") return;
    if (outcome !== "connected") throw new Error(`connect to 127.0.0.1:${port} failed with ${outcome}, not ECONNREFUSED`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
