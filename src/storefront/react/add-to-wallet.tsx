"use client"
import type { ReactNode } from "react"
import type { StoreWalletPassInstall } from "../index"
import { walletOf } from "./state"
import { cx, textsFor, WALLET_PASS_TEXTS, type AddToWalletTexts } from "./texts"
import { WalletButton, type WalletBrand } from "./wallet-button"

/** The English texts (the default); other languages: the `locale` prop. */
export const ADD_TO_WALLET_TEXT: AddToWalletTexts = WALLET_PASS_TEXTS.en.addToWallet

/** Classes of AddToWallet's parts; a Tailwind store styles each one. */
export type AddToWalletClassNames = {
  root?: string
  /** "Finding the right wallet…" while the link is asked. */
  status?: string
  /** The store's reason when there is no link. */
  error?: string
  /** The drawn wallet button (WalletButton's `className`; the face stays unless `unstyledButton`). */
  button?: string
  /** The QR code (an `<img>`, or its placeholder while it loads). */
  qrCode?: string
  /** The block of words beside the QR code, its title and its hint. */
  qrText?: string
  qrTitle?: string
  qrHint?: string
  /** "Or open the link on this device". */
  link?: string
}

export type AddToWalletProps = {
  /** Where the install route sends this device (`installUrl`), null while it is asked. */
  target: StoreWalletPassInstall | null
  /** The QR code's SVG markup (`qrSvg`), for a desktop (`platform: "form"`). */
  qrSvg?: string | null
  /** The store's message when the link could not be had (e.g. the phone is not verified yet). */
  error?: string | null
  /** The QR code's side in px (default 160). */
  qrSize?: number
  /** The store's locale (BCP 47, e.g. "de-DE"): texts in its language, English otherwise. */
  locale?: string
  text?: Partial<AddToWalletTexts>
  /** The root's class (with `classNames.root`). */
  className?: string
  classNames?: AddToWalletClassNames
  /** Drop the wallet button's drawn face (colours, size, margin): `classNames.button` styles it. */
  unstyledButton?: boolean
  /** Draws the button itself, e.g. with the official badge: `({ href, wallet, label }) => <a href={href}>…</a>`. */
  renderButton?: (button: { href: string; wallet: WalletBrand; label: string }) => ReactNode
}

/**
 * "Add to Wallet" for this device: on an iPhone the Apple Wallet button, on Android the Google
 * Wallet button, on a desktop the QR code of the service's form (the phone that scans it gets
 * the card in its own wallet) with the link itself as a fallback. The device is the store's
 * reading of the user agent (the install route), so the page keeps no rules of its own.
 */
export function AddToWallet({
  target,
  qrSvg,
  error,
  qrSize = 160,
  locale,
  text,
  className,
  classNames: c = {},
  unstyledButton,
  renderButton,
}: AddToWalletProps) {
  const t = { ...textsFor(locale).addToWallet, ...text }
  const root = cx(c.root, className)
  if (error)
    return (
      <div className={root} data-wallet-pass="add-to-wallet">
        <p role="alert" className={c.error} data-wallet-pass="error">
          {error}
        </p>
      </div>
    )
  if (!target)
    return (
      <div className={root} data-wallet-pass="add-to-wallet" aria-busy="true">
        <p role="status" className={c.status}>
          {t.finding}
        </p>
      </div>
    )
  const wallet = walletOf(target.platform)
  if (wallet) {
    const words = textsFor(locale).walletButton[wallet]
    const label = `${words.lead} ${words.name}`
    return (
      <div className={root} data-wallet-pass="add-to-wallet" data-platform={target.platform}>
        {renderButton ? (
          renderButton({ href: target.url, wallet, label })
        ) : (
          <WalletButton
            wallet={wallet}
            href={target.url}
            locale={locale}
            className={c.button}
            unstyled={unstyledButton}
          />
        )}
      </div>
    )
  }
  return (
    <div className={root} data-wallet-pass="add-to-wallet" data-platform="form">
      {qrSvg ? (
        <img
          data-wallet-pass="qr-code"
          className={c.qrCode}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
          width={qrSize}
          height={qrSize}
          alt={t.qrAlt}
          // A QR code needs its light margin: white behind it whatever the page's colours.
          style={{ background: "#fff" }}
        />
      ) : (
        <div
          data-wallet-pass="qr-code"
          className={c.qrCode}
          role="status"
          aria-label={t.finding}
          style={{ width: qrSize, height: qrSize }}
        />
      )}
      <div data-wallet-pass="qr-text" className={c.qrText}>
        <strong className={c.qrTitle}>{t.qrTitle}</strong>
        <p className={c.qrHint}>{t.qrHint}</p>
        <a href={target.url} data-wallet-pass="open-here" className={c.link}>
          {t.openHere}
        </a>
      </div>
    </div>
  )
}
