// As the dtc-starter's storefront: Tailwind 3 with Medusa's UI preset (its colours and text
// sizes: text-ui-fg-subtle, txt-compact-small, bg-ui-bg-subtle, ...).
module.exports = {
  darkMode: "class",
  presets: [require("@medusajs/ui-preset")],
  content: ["./src/app/**/*.{js,ts,jsx,tsx}", "./src/modules/**/*.{js,ts,jsx,tsx}"],
  theme: {
    extend: {
      maxWidth: { "8xl": "100rem" },
      borderRadius: { none: "0px", soft: "2px", base: "4px", rounded: "8px", large: "16px", circle: "9999px" },
      screens: { small: "1024px", medium: "1280px" },
      fontFamily: {
        sans: ["Inter", "-apple-system", "BlinkMacSystemFont", "Segoe UI", "Roboto", "Helvetica Neue", "sans-serif"],
      },
    },
  },
  plugins: [],
}
