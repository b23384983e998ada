// The program page's earn rules and campaigns in a browser, as a merchant edits them (issue 44):
// used by scripts/check-admin.mjs, and by scripts/check-admin-earning.mjs against a running
// `npm run dev` store. Each step waits for what the page shows; nothing sleeps.

/** Logs in at /app/login (the form's fields are named, whatever the language). */
export async function adminLogin(page, base, { email, password }, timeout = 30_000) {
  await page.goto(`${base}/app/login`, { timeout: 120_000 })
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.startsWith("/app/login"), { timeout })
}

/**
 * A screenshot of one section, whole, to `file`: the dashboard scrolls inside its own pane,
 * which paints nothing below the window, so the window is made as tall as the section for it.
 */
export async function shootSection(locator, file) {
  const p = locator.page()
  const size = p.viewportSize()
  const height = await locator.evaluate((el) => el.getBoundingClientRect().height)
  if (height + 200 > size.height) await p.setViewportSize({ width: size.width, height: Math.ceil(height) + 200 })
  try {
    await locator.scrollIntoViewIfNeeded()
    await locator.screenshot({ path: file, animations: "disabled" })
  } finally {
    await p.setViewportSize(size)
  }
}

/** Texts of the admin's catalogue (`{ en, ru }` of src/admin/i18n) by dotted key, {{variables}} filled. */
export const textOf =
  (catalogue) =>
  (key, values = {}) => {
    let at = catalogue
    for (const part of key.split(".")) at = at?.[part]
    if (typeof at !== "string") throw new Error(`no text ${key}`)
    return at.replace(/{{\s*(\w+)[^}]*}}/g, (_, name) => String(values[name]))
  }

/** Makes the store's targets the rules pick: a collection, a product tag and a product type (admin API). */
export async function createEarningTargets(base, headers, suffix = Date.now().toString(36)) {
  const post = async (route, body, key) => {
    const res = await fetch(`${base}${route}`, { method: "POST", headers, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`POST ${route} answered ${res.status}: ${await res.text()}`)
    return (await res.json())[key]
  }
  const collection = await post("/admin/collections", { title: `New Arrivals ${suffix}` }, "collection")
  const tag = await post("/admin/product-tags", { value: `sale-${suffix}` }, "product_tag")
  const type = await post("/admin/product-types", { value: `Gift box ${suffix}` }, "product_type")
  return {
    suffix,
    collection: { id: collection.id, name: collection.title },
    tag: { id: tag.id, name: tag.value },
    type: { id: type.id, name: type.value },
  }
}

/** Picks `option` (a text or a pattern) in the Select whose trigger is `trigger`. */
async function choose(page, trigger, option) {
  await trigger.click()
  // A text names the whole option ("Да" is not "Не задано"); a pattern may match part of it.
  await page
    .getByRole("option", typeof option === "string" ? { name: option, exact: true } : { name: option })
    .first()
    .click()
}

/**
 * Adds an earn rule: `kind` of target (collection, tag, type, category), the target by name,
 * how it earns (`earn`: unset, multiplier, percent, none, with `value` typed) and `redeem`.
 */
async function addRule(page, t, { kind, target, earn = "unset", value, redeem = "unset" }) {
  const section = page.getByTestId("wallet-pass-earning-rules")
  await section.getByRole("button", { name: t("earnRules.rules.add") }).click()
  const row = section.getByTestId("wallet-pass-earning-rule").last()
  await choose(page, row.getByTestId("wallet-pass-rule-kind"), t(`earnRules.rules.kinds.${kind}`))
  await choose(page, row.getByTestId("wallet-pass-rule-target"), new RegExp(escape(target.name)))
  await setRule(page, t, row, { earn, value, redeem })
  return row
}

async function setRule(page, t, row, { earn, value, redeem }) {
  if (earn) await choose(page, row.getByTestId("wallet-pass-rule-earn"), t(`earnRules.rules.earnChoice.${earn}`))
  if (value !== undefined) await row.getByTestId("wallet-pass-rule-value").fill(value)
  if (redeem)
    await choose(page, row.getByTestId("wallet-pass-rule-redeem"), t(`earnRules.rules.redeemChoice.${redeem}`))
}

/**
 * Types a local date-time ("YYYY-MM-DDTHH:mm") into the dashboard's date picker, segment by
 * segment in the order `locale` writes them (month first in English, day first in Russian;
 * 12 hours with AM/PM where the locale uses them).
 */
async function fillDate(picker, local, locale) {
  const [date, time] = local.split("T")
  const [year, month, day] = date.split("-")
  const [h, minute] = time.split(":")
  const parts = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .formatToParts(new Date(2000, 0, 1, 13, 0))
    .filter((part) => part.type !== "literal")
  const twelve = parts.some((part) => part.type === "dayPeriod")
  const hour = Number(h)
  const typed = {
    year,
    month,
    day,
    hour: String(twelve ? hour % 12 || 12 : hour).padStart(2, "0"),
    minute,
    dayPeriod: hour < 12 ? "A" : "P",
  }
  const segments = picker.locator('[role="spinbutton"]')
  for (const [i, part] of parts.entries()) {
    await segments.nth(i).focus()
    await picker.page().keyboard.type(typed[part.type])
  }
  await picker.and(picker.page().locator(`[data-value="${local}"]`)).waitFor()
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Adds a campaign: its name, multiplier as typed, start and end ("YYYY-MM-DDTHH:mm"), collections by name. */
async function addCampaign(page, t, locale, { name, multiplier, start, end, collections = [] }) {
  const section = page.getByTestId("wallet-pass-earning-campaigns")
  await section.getByRole("button", { name: t("earnRules.campaigns.add") }).click()
  const row = section.getByTestId("wallet-pass-earning-campaign").last()
  await row.getByTestId("wallet-pass-campaign-name").fill(name)
  await row.getByTestId("wallet-pass-campaign-multiplier").fill(multiplier)
  await fillDate(row.getByTestId("wallet-pass-campaign-start"), start, locale)
  await fillDate(row.getByTestId("wallet-pass-campaign-end"), end, locale)
  for (const collection of collections) {
    await choose(page, row.getByTestId("wallet-pass-campaign-add-collection"), collection)
    await row.getByTestId("wallet-pass-campaign-collections").getByText(collection).waitFor()
  }
  return row
}

/** Saves the program through its preview's confirmation; waits for the toast of the version saved. */
async function save(page, t) {
  await page.getByTestId("wallet-pass-program-save").click()
  const confirm = page.getByRole("alertdialog")
  await confirm.waitFor()
  await confirm.getByRole("button", { name: t("common.actions.save") }).click()
  await confirm.waitFor({ state: "detached" })
}

/**
 * The story in one language (`t`: its texts; `locale`: how its admin writes dates, "en-US"):
 * rules and a campaign added, a save refused with the server's words at the rows (English
 * only: the server speaks English), corrected, saved, the page reloaded and everything seen
 * again. `shotOf(locator, name)` takes the screenshots, named `<prefix>-…`; `check(page, screen)`
 * asserts each screen's words (the Russian run's English-fragment check).
 */
export async function checkEarningEditor({ page, base, t, locale, prefix, story, shotOf, check = async () => {} }) {
  await page.goto(`${base}/app/settings/wallet-pass-program`)
  const program = page.getByTestId("wallet-pass-program")
  await program.waitFor()
  await page.getByTestId("wallet-pass-earning-rules").waitFor()
  const rules = page.getByTestId("wallet-pass-earning-rules")
  const campaigns = page.getByTestId("wallet-pass-earning-campaigns")
  const before = await rules.getByTestId("wallet-pass-earning-rule").count()

  for (const rule of story.rules) await addRule(page, t, rule)
  for (const campaign of story.campaigns) await addCampaign(page, t, locale, campaign)
  if (story.refused) {
    // The server's words at the row it refuses, the rest of the page kept as typed.
    const { rule, campaign } = story.refused
    await page.getByTestId("wallet-pass-program-save").click()
    await program.getByTestId("wallet-pass-program-problem").getByText(t("earnRules.problems.atFields")).waitFor()
    const ruleRow = rules.getByTestId("wallet-pass-earning-rule").nth(before + rule.index)
    await ruleRow.getByTestId("wallet-pass-earning-rule-problem").getByText(rule.says).waitFor()
    const campaignRow = campaigns.getByTestId("wallet-pass-earning-campaign").last()
    await campaignRow.getByTestId("wallet-pass-earning-campaign-problem").getByText(campaign.says).waitFor()
    await shotOf(program, `${prefix}-earning-refused`)
    await setRule(page, t, ruleRow, rule.fix)
    await fillDate(campaignRow.getByTestId("wallet-pass-campaign-end"), campaign.fixEnd, locale)
  }
  if (story.giftCardsRedeem !== undefined) {
    const toggle = page.locator("#wallet-pass-gift-cards-redeem")
    if ((await toggle.getAttribute("aria-checked")) !== String(story.giftCardsRedeem)) await toggle.click()
  }
  await check(page, "the earn rules being edited")
  await shotOf(rules, `${prefix}-earning-rules-edited`)
  await shotOf(campaigns, `${prefix}-earning-campaigns-edited`)
  await save(page, t)

  // Reloaded: the version saved shows every rule and campaign, by name, with the campaigns' figures.
  await page.reload()
  await rules.waitFor()
  for (const rule of story.rules) {
    const row = rules.getByTestId("wallet-pass-earning-rule").filter({ hasText: rule.target.name })
    await row.waitFor()
    const earn = rule.saved?.earn ?? rule.earn
    await row
      .getByTestId("wallet-pass-rule-earn")
      .getByText(t(`earnRules.rules.earnChoice.${earn}`))
      .waitFor()
    const redeem = rule.saved?.redeem ?? rule.redeem ?? "unset"
    await row
      .getByTestId("wallet-pass-rule-redeem")
      .getByText(t(`earnRules.rules.redeemChoice.${redeem}`), { exact: true })
      .waitFor()
    if (rule.value !== undefined && earn === rule.earn) {
      const shown = await row.getByTestId("wallet-pass-rule-value").inputValue()
      if (shown !== rule.value) throw new Error(`rule on ${rule.target.name}: value ${shown}, typed ${rule.value}`)
    }
  }
  for (const campaign of story.campaigns) {
    const row = campaigns
      .getByTestId("wallet-pass-earning-campaign")
      .filter({ has: page.locator(`input[value="${campaign.name}"]`) })
    await row.waitFor()
    for (const collection of campaign.collections ?? [])
      await row.getByTestId("wallet-pass-campaign-collections").getByText(collection).waitFor()
    const start = await row.getByTestId("wallet-pass-campaign-start").getAttribute("data-value")
    // The ids the server gave on save: a campaign keeps its figures across saves.
    if (start !== campaign.start) throw new Error(`campaign ${campaign.name}: start ${start}, typed ${campaign.start}`)
    // Its state now and what it cost so far (no order placed: none, nothing).
    const stats = row.getByTestId("wallet-pass-campaign-stats")
    await stats.getByText(t(`earnRules.campaigns.state.${campaign.state}`), { exact: true }).waitFor()
    const form = new Intl.PluralRules(locale).select(0)
    // In the balance currency (both check stores keep EUR), written as the browser writes money.
    const cost = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2 }).format(
      0
    )
    await stats.getByText(t(`earnRules.campaigns.stats_${form}`, { count: 0, cost })).waitFor()
  }
  await check(page, "the earn rules saved")
  await shotOf(rules, `${prefix}-earning-rules-saved`)
  await shotOf(campaigns, `${prefix}-earning-campaigns-saved`)
  const history = page.getByTestId("wallet-pass-program-history")
  await history
    .getByText(t("earnRules.history.rule", { target: "" }).trim().replace(/,$/, ""))
    .first()
    .waitFor()
  await shotOf(history, `${prefix}-earning-history`)
}

/**
 * What the check does in `language` with the store's `targets`: in English a collection at × 2,
 * a sale tag first saved with nothing set (refused at its row), then earning nothing and not
 * payable with bonus, and a weekend campaign first ending before it starts; in Russian a
 * product type at a fixed 7,5 %, gift cards payable with bonus and a Black Friday campaign.
 */
export function earningStory(language, targets) {
  // Whole days from today (UTC), so a campaign is scheduled or running in any program zone.
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10) + "T00:00"
  if (language === "en")
    return {
      rules: [
        { kind: "collection", target: targets.collection, earn: "multiplier", value: "2" },
        { kind: "tag", target: targets.tag, saved: { earn: "none", redeem: "no" } },
      ],
      campaigns: [
        {
          name: `Weekend double ${targets.suffix}`,
          multiplier: "1.5",
          start: day(7),
          end: day(6),
          state: "scheduled",
          collections: [targets.collection.name],
        },
      ],
      refused: {
        rule: { index: 1, says: "a rule must set earn, redeem or both", fix: { earn: "none", redeem: "no" } },
        campaign: { says: "end must be after start", fixEnd: day(9) },
      },
    }
  return {
    rules: [{ kind: "type", target: targets.type, earn: "percent", value: "7,5", redeem: "yes" }],
    campaigns: [
      { name: `Чёрная пятница ${targets.suffix}`, multiplier: "3", start: day(-1), end: day(2), state: "running" },
    ],
    giftCardsRedeem: true,
  }
}
