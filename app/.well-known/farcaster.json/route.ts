// GET /.well-known/farcaster.json: the Farcaster Mini App manifest, built from configuration
import { farcasterManifest, publicBase } from "@/components/farcaster/miniapp-meta";
import { siteConfig } from "@/lib/config";

export const dynamic = "force-dynamic";

export async function GET() {
  return Response.json(farcasterManifest(siteConfig(), await publicBase()), {
    headers: { "cache-control": "public, max-age=300" },
  });
}
