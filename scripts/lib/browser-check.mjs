// What a browser check of a storefront needs besides the page: the devices it plays, JSON over
// HTTP to the store and the emulator, Debian's Chromium through playwright-core, a QR code read
// from a screenshot, the console errors a page printed, and the service's part of the story.
// Used by scripts/check-storefront.mjs and check-nextjs.mjs.
import fs from "node:fs"
import jsQR from "jsqr"
import { waitFor } from "./store-app.mjs"

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

export const DEVICES = {
  desktop: {
    viewport: { width: 1280, height: 900 },
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  },
  iphone: {
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
  android: {
    viewport: { width: 412, height: 915 },
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
}

export function check(condition, message) {
  if (!condition) throw new Error(message)
}

/** JSON over HTTP; a non-2xx answer throws with the body. */
export async function http(method, url, { body, headers = {} } = {}) {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : {}
}

/** Debian's Chromium, headless, as every check of this repository starts it. */
export async function launchChromium() {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`)
  const { chromium } = await import("playwright-core")
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 60_000,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  })
}

/**
 * Collects what `page` prints as a console error and what it throws, each with the page's URL
 * then: a check fails on any of them.
 */
export function recordConsoleErrors(page, label, into) {
  page.on("console", (message) => {
    if (message.type() === "error") into.push(`${label} ${page.url()}: console.error ${message.text()}`)
  })
  page.on("pageerror", (error) => into.push(`${label} ${page.url()}: ${error.message}`))
}

/** Decodes the QR code in a screenshot of `locator` (the PNG read back to pixels by the browser's canvas). */
export async function decodeQr(page, locator) {
  const png = await locator.screenshot()
  const image = await page.evaluate(async (base64) => {
    const img = new Image()
    img.src = `data:image/png;base64,${base64}`
    await img.decode()
    const canvas = document.createElement("canvas")
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext("2d")
    context.drawImage(img, 0, 0)
    const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height)
    return { width, height, data: Array.from(data) }
  }, png.toString("base64"))
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null
}

/**
 * The service's part of the checks' story: bonus 5%, discount 10%, credits of 60 (for 30 days)
 * and 15 (for 5 days) to the shopper's phone (the emulator's control API at `control`).
 * Answers the pass once the store shows 75 with 10% off (read with the shopper's `headers`),
 * its three install links there.
 */
export async function serviceCreditsTheShopper({ control, storeUrl, headers, phone, timeoutMs }) {
  await http("POST", `${control}/privileges`, { body: { phone, bonus: 5, discount: 10 } })
  await http("POST", `${control}/balance`, { body: { phone, sum: 60, lifetime: 30 } })
  await http("POST", `${control}/balance`, { body: { phone, sum: 15, lifetime: 5 } })
  const pass = await waitFor(
    async () => {
      const { wallet_pass } = await http("GET", `${storeUrl}/store/customers/me/wallet-pass`, { headers })
      return wallet_pass?.balance === 75 && wallet_pass.discount_percent === 10 && wallet_pass
    },
    "the pass at 75 with 10% off in the store",
    timeoutMs
  )
  check(pass.links.ios && pass.links.android && pass.links.form, `links missing: ${JSON.stringify(pass.links)}`)
  return pass
}
