import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { type Program, programChanges, programSchema, WALLET_PASS_MODULE } from "../../../../../modules/wallet-pass"
import { listPage } from "../../../../utils/list-page"
import type { AdminWalletPassProgramHistoryResponse } from "../../../../types"

/**
 * GET /admin/wallet-pass/program/history — saved versions of the program, newest first: who
 * saved each, when, what it changed of the version before (the first, of the plugin option's
 * program) and whom it moved.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassProgramHistoryResponse>
) => {
  const walletPass = req.scope.resolve(WALLET_PASS_MODULE)
  // One more than the page: the version before the page's oldest, which it is compared with.
  const { rows, ...paging } = await listPage(req, ({ take, skip }) =>
    walletPass.listAndCountWalletPassProgramVersions({}, { order: { version: "DESC" }, take: take + 1, skip })
  )
  const versions = rows.slice(0, paging.limit)
  // Saved through the same schema: parsing again fills defaults added since (a version a later
  // schema refuses shows no changes rather than failing the page).
  const programs = rows.map((v) => programSchema.safeParse(v.program).data ?? null)
  const before = (i: number): Program | null =>
    i + 1 < rows.length ? programs[i + 1] : walletPass.getOptions().program
  // Who saved each version, by email: an admin knows their colleagues, not their ids.
  const actors = [...new Set(versions.flatMap((v) => (v.actor ? [v.actor] : [])))]
  const users = actors.length
    ? await req.scope.resolve(Modules.USER).listUsers({ id: actors }, { select: ["id", "email"] })
    : []
  const emails = new Map(users.map((u) => [u.id, u.email]))
  res.json({
    versions: versions.map((v, i) => ({
      ...presentVersion({ ...v, actor: v.actor ? (emails.get(v.actor) ?? v.actor) : null }),
      changes: before(i) && programs[i] ? programChanges(before(i)!, programs[i]!) : [],
    })),
    ...paging,
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
