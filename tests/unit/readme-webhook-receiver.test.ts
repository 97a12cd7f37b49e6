/**
 * The README's webhook receiver is the file examples/webhook-receiver.ts, word for word, and it works:
 * run as the README says, it accepts a request signed with its secret and refuses a forged one, a
 * changed body and a request signed with another secret.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";

const FILE = "examples/webhook-receiver.ts";
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the README's webhook receiver", () => {
  let receiver: ChildProcess;
  let url: string;
  const printed: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/`;
    receiver = spawn(process.execPath, ["--import", "tsx", FILE], { env: { ...process.env, PORT: String(port), REFBOARD_WEBHOOK_SECRET: SECRET } });
    receiver.stdout!.on("data", (chunk: Buffer) => printed.push(chunk.toString()));
    // Listening once a request gets an answer; a spawn that dies says so instead of waiting.
    for (let answered = false; !answered; ) {
      if (receiver.exitCode !== null) throw new Error(`the receiver exited with ${receiver.exitCode}`);
      answered = await fetch(url, { method: "POST", body: "{}" }).then(
        () => true,
        () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)),
      );
    }
  }, 40_000);

  afterAll(() => {
    receiver?.kill();
  });

  it("is the file, word for word", () => {
    expect(readFileSync("README.md", "utf8")).toContain(`\`\`\`ts\n${readFileSync(FILE, "utf8")}\`\`\``);
  });

  const send = (body: string, headers: Record<string, string>) => fetch(url, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  const signed = (id: string, body: string, secret = SECRET) => {
    const timestamp = new Date();
    return { "webhook-id": id, "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)), "webhook-signature": new Webhook(secret).sign(id, timestamp, body) };
  };

  it("accepts a signed event and prints its id, type and data", async () => {
    const body = JSON.stringify({ type: "referral.recorded", timestamp: "2026-11-27T17:01:00.000Z", data: { referrer: "0x1", referee: "0x2" } });
    expect((await send(body, signed("msg_readme000000000000000001", body))).status).toBe(204);
    await expect.poll(() => printed.join("")).toContain('msg_readme000000000000000001 referral.recorded {"referrer":"0x1","referee":"0x2"}');
  });

  it("refuses a changed body, another secret and a request without a signature", async () => {
    const body = JSON.stringify({ type: "webhook.test", timestamp: "2026-11-27T17:01:00.000Z", data: { endpointId: "wh_0123456789abcdef" } });
    expect((await send(body.replace("test", "tost"), signed("msg_readme000000000000000002", body))).status).toBe(401);
    expect((await send(body, signed("msg_readme000000000000000003", body, `whsec_${Buffer.alloc(32, 8).toString("base64")}`))).status).toBe(401);
    expect((await send(body, {})).status).toBe(401);
  });
});
