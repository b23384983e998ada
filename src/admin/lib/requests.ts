import type { AdminWalletPassOperationListItem, Json } from "../../api/types"
import type { WalletPassFormat } from "./format"

type Operation = Pick<Json<AdminWalletPassOperationListItem>, "method" | "subject">

/** What a read of one customer is for, by `payload.type`. */
const READS: Record<string, string> = {
  adopt: "common.request.adopt",
  cards: "common.request.cards",
  drift: "common.request.drift",
  import: "common.request.import",
  import_refresh: "common.request.importRefresh",
}

/** What a customer update carries, by `payload.type` (balance sets and pushes say more below). */
const UPDATES: Record<string, string> = {
  enroll: "common.request.enroll",
  profile: "common.request.profile",
  install_link: "common.request.installLink",
  verify: "common.request.verify",
}

/** A push's text as a list shows it: one line, cut after 80 characters. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}

/**
 * A request to the service in the merchant's words: "Enrolment", "Balance set to €120.00",
 * "Push: Sale tomorrow", "Credit €25.50", "Campaign “Spring” sent"; the method's name when
 * the request says no more.
 */
export function describeRequest(op: Operation, f: WalletPassFormat, currency: string | null): string {
  const { t } = f
  const s = op.subject
  switch (op.method) {
    case "user_create_or_update":
      if (s.type === "balance_sync") {
        return s.balance === null
          ? t("common.request.balanceSetPlain")
          : t("common.request.balanceSet", { amount: f.money(s.balance, currency) })
      }
      if (s.type === "push" && s.message) return t("common.request.push", { message: excerpt(s.message) })
      return s.type && UPDATES[s.type] ? t(UPDATES[s.type]) : f.label("operationMethod", op.method)
    case "read_customer":
      return t(s.type && READS[s.type] ? READS[s.type] : "common.request.read")
    case "read_customers":
      return t("common.request.list")
    case "balance_add":
    case "balance_deduct":
      return s.amount === null
        ? f.label("operationMethod", op.method)
        : t(op.method === "balance_add" ? "common.request.credit" : "common.request.debit", {
            amount: f.money(Math.abs(s.amount), currency),
          })
    case "event_send":
      return s.event ? t("common.request.event", { key: s.event }) : f.label("operationMethod", op.method)
    case "push_create":
    case "push_send":
      return s.campaign
        ? t(op.method === "push_create" ? "common.request.campaignCreate" : "common.request.campaignSend", {
            name: excerpt(s.campaign),
          })
        : f.label("operationMethod", op.method)
    case "status":
      return t("common.request.status")
    default:
      return f.label("operationMethod", op.method)
  }
}
