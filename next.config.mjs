/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native and Node-only drivers stay out of the bundle and load from node_modules at run time.
  serverExternalPackages: ["better-sqlite3", "redis", "@redis/client"],
};

export default nextConfig;
