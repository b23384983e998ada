/**
 * The shape of the plugin's admin translations (namespace `wallet-pass`): a tree of texts.
 * Each area of the admin (`./<area>.ts`) exports `{ en, ru }` with its keys under its own
 * top-level key (`{ en: { customer: { … } }, ru: { customer: { … } } }`), and `./index.ts`
 * merges the areas. Plurals use i18next's suffixes: `_one`, `_other` in English; `_one`,
 * `_few`, `_many`, `_other` in Russian (https://www.i18next.com/translation-function/plurals).
 */
export type Catalogue = { [key: string]: string | Catalogue }

/** One area's texts in every language the admin speaks. */
export type Area = { en: Catalogue; ru: Catalogue }

/** The languages the plugin's admin is translated into; others fall back to English. */
export const LANGUAGES = ["en", "ru"] as const

/** Declares an area (a type check only: both languages present). */
export const defineArea = <T extends Area>(area: T): T => area
