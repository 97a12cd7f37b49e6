import { HomeView } from "@/components/home-view";
import { siteConfig } from "@/lib/config";

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { ref } = await searchParams;
  const site = siteConfig();
  return (
    <HomeView
      serverRef={typeof ref === "string" ? ref : null}
      appName={site.name}
      settings={{ taskUrls: site.taskUrls, nftMintUrl: site.nftMintUrl }}
    />
  );
}
