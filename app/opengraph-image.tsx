import { ImageResponse } from "next/og";
import { siteConfig } from "@/lib/config";

// 3:2, the ratio Farcaster embeds require; also a fine Open Graph image.
export const size = { width: 1200, height: 800 };
export const contentType = "image/png";
export const alt = "Invite friends, complete quests and climb the live leaderboard";
// The name and subtitle are run-time configuration, so the image is drawn per request (and cached by the CDN).
export const dynamic = "force-dynamic";

export default function OpengraphImage() {
  const site = siteConfig();
  const bars = [
    { h: 150, o: 0.75 },
    { h: 250, o: 0.9 },
    { h: 360, o: 1 },
  ];
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          padding: 80,
          background: "linear-gradient(135deg, #4f46e5 0%, #7c3aed 55%, #c026d3 100%)",
          color: "white",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column", justifyContent: "space-between", flex: 1 }}>
          <div style={{ display: "flex", fontSize: 34, fontWeight: 700, opacity: 0.9 }}>{site.name}</div>
          <div style={{ display: "flex", flexDirection: "column" }}>
            <div style={{ fontSize: 96, fontWeight: 800, lineHeight: 1.02, letterSpacing: -3 }}>Invite friends.</div>
            <div style={{ fontSize: 96, fontWeight: 800, lineHeight: 1.02, letterSpacing: -3, opacity: 0.8 }}>Earn together.</div>
            <div style={{ marginTop: 28, fontSize: 36, opacity: 0.85 }}>{site.subtitle}</div>
          </div>
          <div style={{ display: "flex", gap: 16 }}>
            {["+20 per friend", "Daily quests", "Live leaderboard"].map((label) => (
              <div
                key={label}
                style={{ display: "flex", padding: "12px 24px", borderRadius: 999, background: "rgba(255,255,255,0.16)", fontSize: 28, fontWeight: 600 }}
              >
                {label}
              </div>
            ))}
          </div>
        </div>
        <div style={{ display: "flex", alignItems: "flex-end", gap: 28, paddingBottom: 110 }}>
          {bars.map((b, i) => (
            <div key={i} style={{ width: 88, height: b.h, borderRadius: 28, background: "white", opacity: b.o }} />
          ))}
        </div>
      </div>
    ),
    size,
  );
}
