// GET /.well-known/farcaster.json: the Farcaster Mini App manifest, built from configuration
import { farcasterManifest } from "@/lib/farcaster/manifest";
import { handle, refuseOtherMethods } from "@/lib/http/handle";
import { sameForEveryHost } from "@/lib/domain/public-origin";
import { config, publicOriginsConfig, siteConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

// Its URLs are on the request's public origin: a shared cache may keep it only when that is the same for every request.
export const GET = handle({}, ({ publicOrigin }) =>
  Response.json(farcasterManifest(siteConfig(), publicOrigin.linkBase, config().notifications !== null), {
    headers: { "cache-control": `${sameForEveryHost(publicOriginsConfig()) ? "public" : "private"}, max-age=300` },
  }),
);
export const { DELETE, OPTIONS, PATCH, POST, PUT } = refuseOtherMethods({ GET });
