import type { Area, Catalogue } from "./area"
import check from "./check"
import common from "./common"
import customer from "./customer"
import earning from "./earning"
import forecast from "./forecast"
import order from "./order"
import overview from "./overview"
import page from "./page"
import program from "./program"

/**
 * The plugin's admin translations, read by Medusa's admin (it imports `src/admin/i18n/index.ts`
 * and merges its default export into the dashboard's i18next resources). Everything is in the
 * namespace `wallet-pass` (components take `t` from `useTranslation("wallet-pass")`, the
 * sidebar labels name it in `translationNs`), so no key can collide with the dashboard's or
 * another plugin's.
 *
 * One module per area of the admin, `./<area>.ts`, exporting `{ en, ru }` with its keys under
 * its own top-level key (see ./area.ts); add a new area to `AREAS`.
 */
export const WALLET_PASS_NS = "wallet-pass"

/** Every area's texts, in the order they are merged (top-level keys are distinct). */
export const AREAS: Area[] = [common, customer, order, page, check, program, earning, forecast, overview]

const merged = (language: keyof Area): Catalogue => Object.assign({}, ...AREAS.map((area) => area[language]))

/** The merged catalogue of each language, as the dashboard's i18next reads it. */
export const CATALOGUES = { en: merged("en"), ru: merged("ru") }

export default {
  en: { [WALLET_PASS_NS]: CATALOGUES.en },
  ru: { [WALLET_PASS_NS]: CATALOGUES.ru },
}
