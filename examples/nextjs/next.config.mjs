import path from "node:path"
import { fileURLToPath } from "node:url"

// The example Next.js storefront (not published; the dtc-starter's storefront shape). It imports the plugin's storefront kit and
// React pieces as a shop does (`medusa-plugin-wallet-pass/storefront`, `.../storefront/react`);
// here they resolve to the repository: its source by default, the built package
// (`.medusa/server`, what npm ships) with WALLET_PASS_STOREFRONT=build. `npm run storefront --
// --next` runs a copy of this folder (scripts/storefront.mjs) and says where the repository is
// with WALLET_PASS_REPOSITORY; run in place, it is two folders up.
const here = path.dirname(fileURLToPath(import.meta.url))
const repository = process.env.WALLET_PASS_REPOSITORY || path.resolve(here, "../..")
const built = process.env.WALLET_PASS_STOREFRONT === "build"
const kit = built
  ? { kit: ".medusa/server/src/storefront/index.js", react: ".medusa/server/src/storefront/react/index.js" }
  : { kit: "src/storefront/index.ts", react: "src/storefront/react/index.ts" }

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // tsconfig.json is the dtc-starter's (moduleResolution "node"), as a shop's storefront type-checks
  // the built package; the repository's source is written for "bundler" and ES2022, which
  // tsconfig.repository.json adds on top when the kit is taken from the source.
  typescript: { tsconfigPath: built ? "tsconfig.json" : "tsconfig.repository.json" },
  // This folder is the app (not the repository, whose lockfile Next.js would take for its root).
  outputFileTracingRoot: here,
  // The kit's files live outside this folder.
  experimental: { externalDir: true },
  webpack(config) {
    config.resolve.alias = {
      ...config.resolve.alias,
      "medusa-plugin-wallet-pass/storefront$": path.join(repository, kit.kit),
      "medusa-plugin-wallet-pass/storefront/react$": path.join(repository, kit.react),
    }
    return config
  },
}

export default nextConfig
