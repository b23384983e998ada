"use client"
/**
 * React hooks over the storefront kit (docs/storefront-react.md). Each takes the
 * kit's calls as functions answering an `Outcome` (`WalletPassActions`): in a browser that
 * holds the customer's token, `walletPassActions(sdk)`; in Next.js, server actions that call
 * the kit with the token of the cookie. Errors arrive as the store's message, never thrown.
 */
import { useCallback, useEffect, useRef, useState } from "react"
import type {
  InstallPlatform,
  StoreCart,
  StoreWalletPassBonus,
  StoreWalletPassBonusResponse,
  StoreWalletPassInstall,
  StoreWalletPassResponse,
  StoreWalletPassVerification,
  StoreWalletPassVerificationConfirm,
  Outcome,
  WalletPassActions,
} from "../index"
import { passStep } from "../pass-step"
import { codeTextState } from "./state"

/** The page's document in a browser (the package compiles without the DOM's types), none on a server. */
function browserDocument() {
  return (
    globalThis as {
      document?: {
        visibilityState: string
        addEventListener(type: "visibilitychange", listener: () => void): void
        removeEventListener(type: "visibilitychange", listener: () => void): void
      }
    }
  ).document
}

/**
 * The call's outcome, also when the call itself throws (a server action whose request did not
 * reach the server, a bug in the caller's function): the hooks never leave a rejection behind.
 */
async function settled<T>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await call()
  } catch (e) {
    return { ok: false, error: { message: e instanceof Error ? e.message : String(e), status: null } }
  }
}

/** The latest value of `value`, for callbacks that must not change when the caller re-creates it. */
function useLatest<T>(value: T) {
  const ref = useRef(value)
  ref.current = value
  return ref
}

/** False once the component is gone: no state is set after that. */
function useMounted() {
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}

export type UseWalletPassOptions = {
  /** The pass already read (by a server component): no first request. */
  initial?: StoreWalletPassResponse | null
  /** The account has a phone, so a card is on its way while there is none yet. */
  expectCard?: boolean
  /** How often, and how many times, a card being issued is looked at again (2 s, 30 times). */
  pollMs?: number
  maxPolls?: number
}

/**
 * The signed-in customer's pass: read once (or taken from `initial`), looked at again while
 * the card is being issued and when the shopper comes back to the tab (an order or the
 * service may have changed the balance meanwhile).
 */
export function useWalletPass(
  actions: Pick<WalletPassActions, "retrievePass">,
  { initial, expectCard = false, pollMs = 2_000, maxPolls = 30 }: UseWalletPassOptions = {}
) {
  const latest = useLatest(actions)
  const mounted = useMounted()
  const [answer, setAnswer] = useState<StoreWalletPassResponse | null>(initial ?? null)
  const [error, setError] = useState<string | null>(null)
  const [polls, setPolls] = useState(0)

  const reload = useCallback(async () => {
    const result = await settled(() => latest.current.retrievePass())
    if (!mounted.current) return result
    if (result.ok) {
      setAnswer(result.data)
      setError(null)
    } else setError(result.error.message)
    return result
  }, [latest, mounted])

  // A new `initial` (the server read the pass again) replaces what is shown.
  useEffect(() => {
    if (initial !== undefined) setAnswer(initial)
    else void reload()
  }, [initial, reload])

  const step = passStep(answer, expectCard)
  const issuing = step.step === "issuing"
  useEffect(() => {
    if (!issuing || polls >= maxPolls) return
    const timer = setTimeout(() => {
      setPolls((n) => n + 1)
      void reload()
    }, pollMs)
    return () => clearTimeout(timer)
  }, [issuing, polls, maxPolls, pollMs, reload])

  useEffect(() => {
    const doc = browserDocument()
    if (!doc) return
    const onVisible = () => {
      if (doc.visibilityState === "visible") void reload()
    }
    doc.addEventListener("visibilitychange", onVisible)
    return () => doc.removeEventListener("visibilitychange", onVisible)
  }, [reload])

  return {
    answer,
    pass: answer?.wallet_pass ?? null,
    error,
    loading: !answer && !error,
    /** The shopper's one next step (state.ts passStep): what the page shows. */
    step,
    issuing,
    /** Still being issued after every look: say "come back later" rather than spin. */
    gaveUp: issuing && polls >= maxPolls,
    reload,
  }
}

/**
 * Where "Add to Wallet" leads on this device: the store reads the browser's user agent
 * (Apple Wallet on iOS, Google Wallet on Android, else the service's form, for which the QR
 * code is fetched too). `enabled: false` until the phone is verified (before, the store
 * refuses with its reason). `refreshKey` asks again when it changes (e.g. the pass's links).
 */
export function useAddToWallet(
  actions: Pick<WalletPassActions, "installUrl" | "qrSvg">,
  { enabled = true, platform, refreshKey }: { enabled?: boolean; platform?: InstallPlatform; refreshKey?: string } = {}
) {
  const latest = useLatest(actions)
  const [target, setTarget] = useState<StoreWalletPassInstall | null>(null)
  const [qrSvg, setQrSvg] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!enabled) return
    let live = true
    setError(null)
    ;(async () => {
      const found = await settled(() => latest.current.installUrl(platform))
      if (!live) return
      if (!found.ok) return setError(found.error.message)
      setTarget(found.data)
      if (found.data.platform !== "form") return setQrSvg(null)
      const qr = await settled(() => latest.current.qrSvg())
      if (!live) return
      if (qr.ok) setQrSvg(qr.data)
      else setError(qr.error.message)
    })()
    return () => {
      live = false
    }
  }, [enabled, platform, refreshKey, latest])

  return { target, qrSvg, error, loading: enabled && !target && !error }
}

/** How often, and how many times, the page looks where a code's text is after asking for it. */
const CODE_TEXT_WATCH = { everyMs: 2_000, times: 15 }

/**
 * Proving the phone: `send()` texts a code through the service, `confirm(code)` checks it;
 * `onVerified` runs once the store accepted it (reload the pass there). One call at a time.
 * With `retrieveVerification` among the actions, it then watches the code's text for half a
 * minute: a text the service did not send turns into `error` (the store's message) and the
 * form goes back to "Text me a code". `notSent` is what the shopper is told then when the
 * store gives no message of its own (default `TEXT_NOT_SENT`, English).
 */
export function usePhoneVerification(
  actions: Pick<WalletPassActions, "requestVerification" | "confirmVerification" | "retrieveVerification">,
  {
    onVerified,
    notSent,
  }: { onVerified?: (answer: StoreWalletPassVerificationConfirm) => unknown; notSent?: string } = {}
) {
  const latest = useLatest({ actions, onVerified, notSent })
  const mounted = useMounted()
  const [sent, setSent] = useState<StoreWalletPassVerification["verification"] | null>(null)
  const [verified, setVerified] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const running = useRef(false)

  const run = useCallback(
    async <T>(call: () => Promise<Outcome<T>>) => {
      if (running.current) return null
      running.current = true
      setBusy(true)
      setError(null)
      try {
        const result = await settled(call)
        if (!result.ok && mounted.current) setError(result.error.message)
        return result.ok ? result.data : null
      } finally {
        running.current = false
        if (mounted.current) setBusy(false)
      }
    },
    [mounted]
  )

  const watchText = useCallback(async () => {
    const retrieve = latest.current.actions.retrieveVerification
    if (!retrieve) return
    for (let i = 0; i < CODE_TEXT_WATCH.times && mounted.current; i++) {
      await new Promise((resolve) => setTimeout(resolve, CODE_TEXT_WATCH.everyMs))
      if (!mounted.current) return
      const status = await settled(() => retrieve())
      if (!status.ok) return
      const text = codeTextState(status.data, latest.current.notSent)
      if (text.state === "waiting") continue
      if (text.state === "not_sent" && mounted.current) {
        setSent(null)
        setError(text.message)
      }
      return
    }
  }, [latest, mounted])

  const send = useCallback(async () => {
    const answer = await run(() => latest.current.actions.requestVerification())
    if (answer && mounted.current) {
      setSent(answer.verification)
      void watchText()
    }
    return answer
  }, [run, latest, mounted, watchText])

  const confirm = useCallback(
    async (code: string) => {
      const answer = await run(() => latest.current.actions.confirmVerification(code.trim()))
      if (!answer) return null
      if (mounted.current) setVerified(true)
      await latest.current.onVerified?.(answer)
      return answer
    },
    [run, latest, mounted]
  )

  return { sent, verified, busy, error, send, confirm }
}

/**
 * What the cart is paid with in bonus and the most it may be (`max`, under the store's cap),
 * paying with it and removing it. `onCart` receives the cart each change answers (its totals
 * now count the bonus); `initial` is the bonus a server component read.
 */
export function useCartBonus<Cart = StoreCart>(
  actions: Pick<WalletPassActions<Cart>, "retrieveBonus" | "applyBonus" | "removeBonus">,
  cartId: string | null | undefined,
  {
    initial,
    onCart,
  }: {
    initial?: StoreWalletPassBonus | null
    onCart?: (cart: StoreWalletPassBonusResponse<Cart>["cart"]) => unknown
  } = {}
) {
  const latest = useLatest({ actions, onCart })
  const mounted = useMounted()
  const [bonus, setBonus] = useState<StoreWalletPassBonus | null>(initial ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const take = useCallback(
    async (call: () => Promise<Outcome<StoreWalletPassBonusResponse<Cart>>>) => {
      setBusy(true)
      setError(null)
      const result = await settled(call)
      if (!mounted.current) return result
      setBusy(false)
      if (!result.ok) {
        setError(result.error.message)
        return result
      }
      setBonus(result.data.wallet_pass_bonus)
      await latest.current.onCart?.(result.data.cart)
      return result
    },
    [latest, mounted]
  )

  const reload = useCallback(
    async () => (cartId ? take(() => latest.current.actions.retrieveBonus(cartId)) : null),
    [cartId, take, latest]
  )

  useEffect(() => {
    if (initial !== undefined) setBonus(initial)
    else if (cartId) void take(() => latest.current.actions.retrieveBonus(cartId))
    else setBonus(null)
  }, [cartId, initial, take, latest])

  return {
    bonus,
    busy,
    error,
    reload,
    apply: (amount: number) => (cartId ? take(() => latest.current.actions.applyBonus(cartId, amount)) : null),
    remove: () => (cartId ? take(() => latest.current.actions.removeBonus(cartId)) : null),
  }
}
