/**
 * The Farcaster facts quests are checked against, asked of Neynar's API v2 with the x-api-key header:
 * follows, likes and recasts, replies, channel membership and follows, and the Neynar user score.
 * One request per check (a reply may take a few pages). Each check answers "verified" or "not
 * verified, because"; anything else (network, timeout, a refused key, a 5xx, an answer of another
 * shape) is a NeynarError, which the caller answers with a 503.
 * Endpoints and fields: Neynar's OpenAPI spec (github.com/neynarxyz/oas, src/v2/spec.yaml) and
 * docs.neynar.com (reference pages of each endpoint; docs/neynar-user-quality-score for the score).
 */
import "server-only";
import { z } from "zod";

export const NEYNAR_API_URL = "https://api.neynar.com";

/** Replies looked through for a reply check: the user's latest, newest first, 50 a page (the API's maximum). */
export const REPLY_PAGE_SIZE = 50;
export const MAX_REPLY_PAGES = 4;

export interface NeynarOptions {
  apiKey: string;
  /** Neynar's API unless a test points it at its stand-in. No trailing slash. */
  baseUrl?: string;
  /** Bounds each check, every page of it included. */
  timeoutMs: number;
}

export interface NeynarVerdict {
  verified: boolean;
  /** Why it is not verified; absent when it is. */
  reason?: string;
}

export type CastReaction = "like" | "recast";

export interface NeynarClient {
  /** Does `fid` follow `targetFid`? */
  follows(fid: number, targetFid: number): Promise<NeynarVerdict>;
  /** Has `fid` liked (or recast) the cast? */
  reacted(fid: number, castHash: string, reaction: CastReaction): Promise<NeynarVerdict>;
  /** Is one of the latest MAX_REPLY_PAGES × REPLY_PAGE_SIZE replies of `fid` a reply to the cast? */
  replied(fid: number, castHash: string): Promise<NeynarVerdict>;
  /** Is `fid` a member (or moderator) of the channel? */
  channelMember(fid: number, channelId: string): Promise<NeynarVerdict>;
  /** Does `fid` follow the channel? */
  followsChannel(fid: number, channelId: string): Promise<NeynarVerdict>;
  /** The user's Neynar score, 0 to 1; null when Neynar knows no such user or gives it no score. */
  userScore(fid: number): Promise<number | null>;
}

/** Neynar could not answer: the caller answers 503 and credits nothing. */
export class NeynarError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "NeynarError";
  }
}

const nextCursor = z.object({ cursor: z.string().nullable() });

const userSchema = z.object({
  fid: z.number(),
  /** Newer API versions put the score on the user itself. */
  score: z.number().optional(),
  experimental: z.object({ neynar_user_score: z.number() }).optional(),
  viewer_context: z.object({ following: z.boolean() }).optional(),
});
const bulkUsersSchema = z.object({ users: z.array(userSchema) });
const castSchema = z.object({
  cast: z.object({ viewer_context: z.object({ liked: z.boolean(), recasted: z.boolean() }) }),
});
const feedSchema = z.object({
  casts: z.array(z.object({ hash: z.string(), parent_hash: z.string().nullable() })),
  next: nextCursor,
});
const membersSchema = z.object({
  members: z.array(z.object({ user: z.object({ fid: z.number() }) })),
});
const channelSchema = z.object({
  channel: z.object({ viewer_context: z.object({ following: z.boolean() }).optional() }),
});
const errorSchema = z.object({ message: z.string() });

interface RequestOptions {
  signal: AbortSignal;
  /** Sends x-neynar-experimental: only where the score is read, for on other lists it hides low-score accounts' actions. */
  experimental?: boolean;
}

export function createNeynarClient(options: NeynarOptions): NeynarClient {
  const baseUrl = options.baseUrl ?? NEYNAR_API_URL;

  async function send(path: string, query: Record<string, string | number>, { signal, experimental }: RequestOptions) {
    const url = `${baseUrl}/v2/farcaster/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
    try {
      return await fetch(url, {
        headers: {
          accept: "application/json",
          "x-api-key": options.apiKey,
          ...(experimental ? { "x-neynar-experimental": "true" } : {}),
        },
        signal,
        redirect: "error",
      });
    } catch (error) {
      const why = signal.aborted ? `no answer within ${options.timeoutMs} ms` : error instanceof Error ? error.message : String(error);
      throw new NeynarError(`Neynar ${path}: ${why}`, { cause: error });
    }
  }

  async function parse<T>(path: string, response: Response, schema: z.ZodType<T>): Promise<T> {
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const message = errorSchema.safeParse(body).data?.message;
      throw new NeynarError(`Neynar ${path} answered ${response.status}${message ? `: ${message}` : ""}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new NeynarError(`Neynar ${path} answered outside its documented shape`, { cause: parsed.error });
    return parsed.data;
  }

  async function get<T>(path: string, query: Record<string, string | number>, schema: z.ZodType<T>, request: RequestOptions) {
    return parse(path, await send(path, query, request), schema);
  }

  /** A lookup of one thing (a cast, a channel): null when Neynar does not know it (404). */
  async function lookup<T>(path: string, query: Record<string, string | number>, schema: z.ZodType<T>, request: RequestOptions) {
    const response = await send(path, query, request);
    return response.status === 404 ? null : parse(path, response, schema);
  }

  /** One deadline for the whole check, pages included. */
  const deadline = () => AbortSignal.timeout(options.timeoutMs);
  const hash = (castHash: string) => castHash.toLowerCase();

  return {
    async follows(fid, targetFid) {
      // The target seen by the user: viewer_context.following says whether the viewer follows it.
      const answer = await get("user/bulk", { fids: targetFid, viewer_fid: fid }, bulkUsersSchema, { signal: deadline() });
      const target = answer.users.find((u) => u.fid === targetFid);
      if (!target) return { verified: false, reason: `Farcaster has no fid ${targetFid}` };
      return target.viewer_context?.following
        ? { verified: true }
        : { verified: false, reason: `fid ${fid} does not follow fid ${targetFid}` };
    },

    async reacted(fid, castHash, reaction) {
      const query = { identifier: hash(castHash), type: "hash", viewer_fid: fid };
      const answer = await lookup("cast", query, castSchema, { signal: deadline() });
      if (!answer) return { verified: false, reason: `cast ${castHash} not found` };
      const { liked, recasted } = answer.cast.viewer_context;
      return (reaction === "like" ? liked : recasted)
        ? { verified: true }
        : { verified: false, reason: `fid ${fid} has not ${reaction === "like" ? "liked" : "recast"} cast ${castHash}` };
    },

    async replied(fid, castHash) {
      const signal = deadline();
      let cursor: string | null = null;
      for (let page = 0; page < MAX_REPLY_PAGES; page++) {
        const query: Record<string, string | number> = { fid, filter: "replies", limit: REPLY_PAGE_SIZE };
        if (cursor) query.cursor = cursor;
        const answer = await get("feed/user/replies_and_recasts", query, feedSchema, { signal });
          if (answer.casts.some((c) => c.parent_hash !== null && hash(c.parent_hash) === hash(castHash))) return { verified: true };
        cursor = answer.next.cursor;
        if (!cursor) break;
      }
      return { verified: false, reason: `no reply to cast ${castHash} among the latest replies of fid ${fid}` };
    },

    async channelMember(fid, channelId) {
      // With fid, the list holds that user's membership or nothing: no paging through the members.
      const answer = await get("channel/member/list", { channel_id: channelId, fid }, membersSchema, { signal: deadline() });
      return answer.members.some((m) => m.user.fid === fid)
        ? { verified: true }
        : { verified: false, reason: `fid ${fid} is not a member of /${channelId}` };
    },

    async followsChannel(fid, channelId) {
      const query = { id: channelId, type: "id", viewer_fid: fid };
      const answer = await lookup("channel", query, channelSchema, { signal: deadline() });
      if (!answer) return { verified: false, reason: `channel /${channelId} not found` };
      return answer.channel.viewer_context?.following
        ? { verified: true }
        : { verified: false, reason: `fid ${fid} does not follow /${channelId}` };
    },

    async userScore(fid) {
      const answer = await get("user/bulk", { fids: fid }, bulkUsersSchema, { signal: deadline(), experimental: true });
      const user = answer.users.find((u) => u.fid === fid);
      return user?.score ?? user?.experimental?.neynar_user_score ?? null;
    },
  };
}
