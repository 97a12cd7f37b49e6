import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

const hook = new Webhook(process.env.REFBOARD_WEBHOOK_SECRET!); // the whsec_... the console showed once
createServer(async (request, response) => {
  let body = "";
  for await (const chunk of request) body += chunk; // verify the raw body, never a re-serialized one
  try {
    const event = hook.verify(body, request.headers as Record<string, string>) as { type: string; data: unknown };
    console.log(request.headers["webhook-id"], event.type, JSON.stringify(event.data)); // at least once: dedupe on webhook-id
    response.writeHead(204).end();
  } catch {
    response.writeHead(401).end(); // forged, or signed more than 5 minutes ago
  }
}).listen(Number(process.env.PORT ?? 8787), "127.0.0.1");
