import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import type { AdminWalletPassPageQueryType } from "../../validators"
import type { AdminWalletPassProgramHistoryResponse } from "../../../../types"

/** GET /admin/wallet-pass/program/history — saved versions of the program, newest first: who saved each, when, and whom it moved. */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassProgramHistoryResponse>
) => {
  const { limit, offset } = req.validatedQuery as AdminWalletPassPageQueryType
  const [versions, count] = await req.scope
    .resolve(WALLET_PASS_MODULE)
    .listAndCountWalletPassProgramVersions({}, { order: { version: "DESC" }, take: limit, skip: offset })
  // Who saved each version, by email: an admin knows their colleagues, not their ids.
  const actors = [...new Set(versions.flatMap((v) => (v.actor ? [v.actor] : [])))]
  const users = actors.length
    ? await req.scope.resolve(Modules.USER).listUsers({ id: actors }, { select: ["id", "email"] })
    : []
  const emails = new Map(users.map((u) => [u.id, u.email]))
  res.json({
    versions: versions.map((v) => presentVersion({ ...v, actor: v.actor ? (emails.get(v.actor) ?? v.actor) : null })),
    count,
    limit,
    offset,
  })
}

function presentVersion(v: {
  id: string
  version: number
  program: unknown
  actor: string | null
  moved: unknown
  created_at: Date
}) {
  return {
    id: v.id,
    version: v.version,
    program: v.program as AdminWalletPassProgramHistoryResponse["versions"][number]["program"],
    actor: v.actor,
    moved: v.moved as AdminWalletPassProgramHistoryResponse["versions"][number]["moved"],
    saved_at: v.created_at,
  }
}
