import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "@/app/providers";
import { legacyFrameEmbed, miniAppEmbed, pageLinkBase } from "@/lib/farcaster/manifest";
import { ReferralOutcomeBanner } from "@/components/referral/referral-outcome";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { siteConfig } from "@/lib/config";
import { WAGMI_STATE_COOKIE, accountFromCookie } from "@/lib/client/wagmi";

export async function generateMetadata(): Promise<Metadata> {
  const site = siteConfig();
  const linkBase = await pageLinkBase();
  return {
    metadataBase: new URL(linkBase),
    title: { default: `${site.name} · ${site.subtitle}`, template: `%s · ${site.name}` },
    description: site.description,
    applicationName: site.name,
    openGraph: { title: site.name, description: site.description, siteName: site.name, type: "website" },
    twitter: { card: "summary_large_image", title: site.name, description: site.description },
    other: {
      "fc:miniapp": JSON.stringify(miniAppEmbed(site, linkBase)),
      "fc:frame": JSON.stringify(legacyFrameEmbed(site, linkBase)),
    },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  colorScheme: "light dark",
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const site = siteConfig();
  // Only wagmi's own cookie crosses to the client, never the others (a session cookie, say).
  const wagmiState = (await cookies()).get(WAGMI_STATE_COOKIE)?.value;
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Providers wagmiState={wagmiState} initialAccount={accountFromCookie(wagmiState)} appName={site.name}>
          <SiteHeader appName={site.name} />
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-8">
            <ReferralOutcomeBanner />
            {children}
          </main>
          <SiteFooter appName={site.name} />
        </Providers>
      </body>
    </html>
  );
}
