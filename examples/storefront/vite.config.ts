import path from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

// The example storefront (not published). Built from the repository's own dev dependencies:
// the kit resolves to its source, so the example always runs what src/storefront says.
// Started by `npm run storefront` (scripts/storefront.mjs), which sets VITE_MEDUSA_* from the
// running `npm run dev` store.
const here = path.dirname(fileURLToPath(import.meta.url))
const repository = path.resolve(here, "../..")

export default defineConfig({
  root: here,
  // Vite's dependency cache under node_modules: `medusa develop` restarts on files written elsewhere in the repository.
  cacheDir: path.join(repository, "node_modules/.cache/vite-example-storefront"),
  resolve: {
    alias: {
      "medusa-plugin-wallet-pass/storefront": path.join(repository, "src/storefront/index.ts"),
    },
  },
  // JSX through esbuild's automatic runtime (React 17+): no React plugin needed.
  esbuild: { jsx: "automatic" },
  server: { fs: { allow: [repository] } },
  build: { outDir: path.join(repository, "node_modules/.cache/example-storefront-dist"), emptyOutDir: true },
  clearScreen: false,
})
