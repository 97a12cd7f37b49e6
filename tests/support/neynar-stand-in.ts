/**
 * A local stand-in for Neynar's API v2, a real HTTP server on 127.0.0.1 answering the endpoints the
 * quest checks use, with the shapes of Neynar's OpenAPI spec (github.com/neynarxyz/oas, src/v2/spec.yaml),
 * from the facts a test sets. Every request must carry the API key in x-api-key, else 401.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { freePort } from "@/tests/support/free-port";

export interface NeynarFacts {
  /** [fid, fid it follows] */
  follows: [number, number][];
  /** Casts Neynar knows, by hash; a reaction or reply to another hash is still recorded. */
  casts: string[];
  likes: [number, string][];
  recasts: [number, string][];
  /** Replies, newest first: who replied to which cast. */
  replies: { fid: number; parentHash: string }[];
  channels: string[];
  channelMembers: [number, string][];
  channelFollowers: [number, string][];
  /** Neynar user scores by fid; a fid without one has no user object at all. */
  scores: Record<number, number>;
}

export interface RecordedRequest {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
}

export interface NeynarStandIn {
  url: string;
  apiKey: string;
  /** Replaces the facts (anything left out is empty). */
  set(facts: Partial<NeynarFacts>): void;
  /** Until cleared (undefined), every request answers this status with an error body. */
  failWith(status: number | undefined): void;
  /** Until cleared, every request is held open and never answered. */
  hang(hanging: boolean): void;
  /** Until cleared, every request answers 200 with a body of no documented shape. */
  garble(garbling: boolean): void;
  requests(): RecordedRequest[];
  stop(): Promise<void>;
}

const empty = (): NeynarFacts => ({
  follows: [],
  casts: [],
  likes: [],
  recasts: [],
  replies: [],
  channels: [],
  channelMembers: [],
  channelFollowers: [],
  scores: {},
});

export interface StandInOptions {
  apiKey?: string;
  /**
   * Whether user objects carry `score` as well as `experimental.neynar_user_score` (newer API
   * versions); false answers as the v2 spec of February 2025, the score under `experimental` only.
   */
  topLevelScore?: boolean;
}

/** A User object as Neynar returns it (the fields the spec requires, plus the score and viewer context). */
function user(fid: number, facts: NeynarFacts, viewerFid: number | undefined, topLevelScore: boolean) {
  const score = facts.scores[fid] ?? 0;
  return {
    object: "user",
    fid,
    username: `user${fid}`,
    custody_address: "0x0000000000000000000000000000000000000000",
    profile: { bio: { text: "", mentioned_profiles: [] } },
    follower_count: facts.follows.filter(([, to]) => to === fid).length,
    following_count: facts.follows.filter(([from]) => from === fid).length,
    verifications: [],
    verified_addresses: { eth_addresses: [], sol_addresses: [] },
    verified_accounts: [],
    power_badge: false,
    experimental: { neynar_user_score: score },
    ...(topLevelScore ? { score } : {}),
    ...(viewerFid === undefined
      ? {}
      : {
          viewer_context: {
            following: facts.follows.some(([from, to]) => from === viewerFid && to === fid),
            followed_by: facts.follows.some(([from, to]) => from === fid && to === viewerFid),
            blocking: false,
            blocked_by: false,
          },
        }),
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** A deterministic 20-byte cast hash for the i-th reply of a fid. */
const replyHash = (fid: number, i: number) => `0x${fid.toString(16).padStart(8, "0")}${i.toString(16).padStart(32, "0")}`;

export async function startNeynarStandIn({
  apiKey = "stand-in-neynar-key",
  topLevelScore = true,
}: StandInOptions = {}): Promise<NeynarStandIn> {
  let facts = empty();
  let failure: number | undefined;
  let hanging = false;
  let garbling = false;
  const recorded: RecordedRequest[] = [];

  function answer(path: string, q: Record<string, string>): [number, unknown] {
    const viewer = q.viewer_fid === undefined ? undefined : Number(q.viewer_fid);
    switch (path) {
      case "/v2/farcaster/user/bulk": {
        const fids = (q.fids ?? "").split(",").map((f) => Number(f.trim()));
        const known = fids.filter((fid) => fid in facts.scores);
        return [200, { users: known.map((fid) => user(fid, facts, viewer, topLevelScore)) }];
      }
      case "/v2/farcaster/cast": {
        const hash = facts.casts.find((h) => same(h, q.identifier ?? ""));
        if (!hash || q.type !== "hash") return [404, { code: "NotFound", message: "Cast not found", property: "identifier" }];
        const count = (list: [number, string][]) => list.filter(([, h]) => same(h, hash)).length;
        const did = (list: [number, string][]) => viewer !== undefined && list.some(([fid, h]) => fid === viewer && same(h, hash));
        return [
          200,
          {
            cast: {
              object: "cast",
              hash,
              parent_hash: null,
              parent_url: null,
              root_parent_url: null,
              parent_author: { fid: null },
              text: "",
              timestamp: "2026-01-01T00:00:00.000Z",
              embeds: [],
              reactions: { likes: [], recasts: [], likes_count: count(facts.likes), recasts_count: count(facts.recasts) },
              replies: { count: facts.replies.filter((r) => same(r.parentHash, hash)).length },
              thread_hash: hash,
              mentioned_profiles: [],
              channel: null,
              ...(viewer === undefined ? {} : { viewer_context: { liked: did(facts.likes), recasted: did(facts.recasts) } }),
            },
          },
        ];
      }
      case "/v2/farcaster/feed/user/replies_and_recasts": {
        const fid = Number(q.fid);
        const limit = Math.min(Number(q.limit ?? 25), 50);
        const offset = Number(q.cursor ?? 0);
        const mine = facts.replies
          .map((r, i) => ({ ...r, hash: replyHash(r.fid, i) }))
          .filter((r) => r.fid === fid)
          .map((r) => ({ object: "cast", hash: r.hash, parent_hash: r.parentHash, author: { object: "user", fid }, text: "" }));
        const page = mine.slice(offset, offset + limit);
        const cursor = offset + limit < mine.length ? String(offset + limit) : null;
        return [200, { casts: page, next: { cursor } }];
      }
      case "/v2/farcaster/channel/member/list": {
        const channel = q.channel_id ?? "";
        const members = facts.channelMembers
          .filter(([fid, id]) => id === channel && (q.fid === undefined || fid === Number(q.fid)))
          .map(([fid]) => ({
            object: "member",
            role: "member",
            user: { object: "user_dehydrated", fid },
            channel: { object: "channel_dehydrated", id: channel },
          }));
        return [200, { members, next: { cursor: null } }];
      }
      case "/v2/farcaster/channel": {
        const id = q.id ?? "";
        if (!facts.channels.includes(id)) return [404, { code: "NotFound", message: "Channel not found", property: "id" }];
        const following = viewer !== undefined && facts.channelFollowers.some(([fid, c]) => fid === viewer && c === id);
        return [
          200,
          {
            channel: {
              id,
              url: `https://warpcast.com/~/channel/${id}`,
              object: "channel",
              follower_count: facts.channelFollowers.filter(([, c]) => c === id).length,
              ...(viewer === undefined ? {} : { viewer_context: { following } }),
            },
          },
        ];
      }
      default:
        return [404, { code: "NotFound", message: `no route ${path}` }];
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    recorded.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    if (hanging) return;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers["x-api-key"] !== apiKey) return send(401, { code: "Unauthorized", message: "Invalid API key" });
    if (failure !== undefined) return send(failure, { code: "InternalServerError", message: "stand-in failure" });
    if (garbling) return send(200, { result: "not what the spec says" });
    send(...answer(url.pathname, Object.fromEntries(url.searchParams)));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    set: (next) => void (facts = { ...empty(), ...next }),
    failWith: (status) => void (failure = status),
    hang: (on) => void (hanging = on),
    garble: (on) => void (garbling = on),
    requests: () => recorded,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
