"use client"
/**
 * "Add to Apple Wallet" / "Add to Google Wallet": a link drawn as close to Apple's and
 * Google's published button guidelines as can be done without their artwork
 * (docs/storefront-react.md, "Wallet buttons"): black, rounded, white text in the wallet's own
 * wording, at least 48 px tall (Google's minimum of 48 dp; Apple asks for 44 pt touch
 * targets), a clear space around it of 8 px (Google's 8 dp; Apple's 0.1 × the height is less).
 * Children replace the drawn face: put Apple's or Google's official badge there.
 */
import type { AnchorHTMLAttributes, CSSProperties, ReactNode } from "react"
import { cx, textsFor, WALLET_PASS_TEXTS, type WalletButtonTexts } from "./texts"

export type WalletBrand = "apple" | "google"

/** The English words of the buttons (`lead` and `name`: together the accessible name); other languages: `locale`. */
export const WALLET_BUTTON_TEXT: WalletButtonTexts = WALLET_PASS_TEXTS.en.walletButton

/** The minimum height (px) and clear space (px) the default face keeps. */
export const WALLET_BUTTON_MIN_HEIGHT = 48
export const WALLET_BUTTON_CLEAR_SPACE = 8

const FACE: Record<WalletBrand, CSSProperties> = {
  // Apple's badge: black, corners of about a fifth of the height, a thin light outline.
  apple: { borderRadius: 10, border: "1px solid #a6a6a6" },
  // Google's button: a black pill with a thin grey outline.
  google: { borderRadius: 999, border: "1px solid #747775" },
}

const BASE: CSSProperties = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  boxSizing: "border-box",
  minHeight: WALLET_BUTTON_MIN_HEIGHT,
  minWidth: 200,
  margin: WALLET_BUTTON_CLEAR_SPACE,
  padding: "6px 22px",
  background: "#000",
  color: "#fff",
  textDecoration: "none",
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontWeight: 500,
  lineHeight: 1.15,
  whiteSpace: "nowrap",
}

/** Classes of the button's parts: the link (`root`, also `className`) and its two lines of words. */
export type WalletButtonClassNames = { root?: string; lead?: string; name?: string }

export type WalletButtonProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "children"> & {
  wallet: WalletBrand
  href: string
  /** The store's locale (BCP 47, e.g. "de-DE"): the words are in its language, English otherwise. */
  locale?: string
  /** Overrides the words of this wallet's button. */
  text?: Partial<WalletButtonTexts[WalletBrand]>
  classNames?: WalletButtonClassNames
  /** Drop the drawn face (colours, size, margin); style it with `className` instead. */
  unstyled?: boolean
  /** Replaces the drawn face, e.g. the official badge: `<img src="/add-to-apple-wallet.svg" alt="" height={48} />`. */
  children?: ReactNode
}

/** A link to the wallet's install page, named "Add to Apple Wallet" / "Add to Google Wallet" for assistive technology. */
export function WalletButton({
  wallet,
  href,
  unstyled,
  children,
  style,
  locale,
  text: override,
  className,
  classNames,
  ...rest
}: WalletButtonProps) {
  const text = { ...textsFor(locale).walletButton[wallet], ...override }
  const label = `${text.lead} ${text.name}`
  const drawn = !unstyled && children === undefined
  return (
    <a
      href={href}
      aria-label={label}
      data-wallet-pass="wallet-button"
      data-wallet={wallet}
      className={cx(classNames?.root, className)}
      style={drawn ? { ...BASE, ...FACE[wallet], ...style } : style}
      {...rest}
    >
      {children !== undefined ? (
        children
      ) : wallet === "apple" ? (
        // Apple's badge reads on two lines: a small "Add to" over "Apple Wallet".
        <span style={drawn ? { display: "grid", textAlign: "left" } : undefined}>
          <span className={classNames?.lead} style={drawn ? { fontSize: 12, fontWeight: 400 } : undefined}>
            {text.lead}{" "}
          </span>
          <span
            className={classNames?.name}
            style={drawn ? { fontSize: 19, fontWeight: 600, letterSpacing: "-0.01em" } : undefined}
          >
            {text.name}
          </span>
        </span>
      ) : (
        // Google's button reads on one line, in the words of the accessible name.
        <span className={classNames?.name} style={drawn ? { fontSize: 16 } : undefined}>
          {label}
        </span>
      )}
    </a>
  )
}
