/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load from node_modules at run time.
  // The build type-checks what ships; `npm test` type-checks everything (tests, scripts) with tsc.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  serverExternalPackages: ["better-sqlite3", "redis", "@redis/client"],
};

export default nextConfig;
