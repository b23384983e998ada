"use client"
import type { ReactNode } from "react"
import type { StoreWalletPassInstall } from "../index"
import { walletOf } from "./state"
import { WalletButton, type WalletBrand } from "./wallet-button"

export const ADD_TO_WALLET_TEXT = {
  finding: "Finding the right wallet for this device…",
  qrAlt: "QR code that adds your card to your phone's wallet",
  qrTitle: "Scan with your phone",
  qrHint:
    "Point your phone's camera at the code: the card goes to Apple Wallet on an iPhone, Google Wallet on Android.",
  openHere: "Or open the link on this device",
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
  text?: Partial<typeof ADD_TO_WALLET_TEXT>
  className?: string
  /** Draws the button itself, e.g. with the official badge: `({ href, wallet, label }) => <a href={href}>…</a>`. */
  renderButton?: (button: { href: string; wallet: WalletBrand; label: string }) => ReactNode
}

/**
 * "Add to Wallet" for this device: on an iPhone the Apple Wallet button, on Android the Google
 * Wallet button, on a desktop the QR code of the service's form (the phone that scans it gets
 * the card in its own wallet) with the link itself as a fallback. The device is the store's
 * reading of the user agent (the install route), so the page keeps no rules of its own.
 */
export function AddToWallet({ target, qrSvg, error, qrSize = 160, text, className, renderButton }: AddToWalletProps) {
  const t = { ...ADD_TO_WALLET_TEXT, ...text }
  if (error)
    return (
      <div className={className} data-wallet-pass="add-to-wallet">
        <p role="alert" data-wallet-pass="error">
          {error}
        </p>
      </div>
    )
  if (!target)
    return (
      <div className={className} data-wallet-pass="add-to-wallet" aria-busy="true">
        <p role="status">{t.finding}</p>
      </div>
    )
  const wallet = walletOf(target.platform)
  if (wallet) {
    const label = wallet === "apple" ? "Add to Apple Wallet" : "Add to Google Wallet"
    return (
      <div className={className} data-wallet-pass="add-to-wallet" data-platform={target.platform}>
        {renderButton ? (
          renderButton({ href: target.url, wallet, label })
        ) : (
          <WalletButton wallet={wallet} href={target.url} />
        )}
      </div>
    )
  }
  return (
    <div className={className} data-wallet-pass="add-to-wallet" data-platform="form">
      {qrSvg ? (
        <img
          data-wallet-pass="qr-code"
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
          role="status"
          aria-label={t.finding}
          style={{ width: qrSize, height: qrSize }}
        />
      )}
      <div data-wallet-pass="qr-text">
        <strong>{t.qrTitle}</strong>
        <p>{t.qrHint}</p>
        <a href={target.url} data-wallet-pass="open-here">
          {t.openHere}
        </a>
      </div>
    </div>
  )
}
