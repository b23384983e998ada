import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type OperationMethod, type OperationState, WALLET_PASS_MODULE } from "../../../../modules/wallet-pass"
import { balanceCurrency } from "../../../../utils/currency"
import { listOrder } from "../../../utils/list-page"
import { phoneFilterDigits } from "../../../utils/phone-filter"
import { presentOperationListItem, type OperationCustomer } from "../../../utils/present-operation"
import type { AdminWalletPassOperationsQueryType } from "../validators"
import type { AdminWalletPassOperationListResponse } from "../../../types"

/**
 * GET /admin/wallet-pass/operations — requests to the service, newest first, paged:
 * `?state=failed,needs_review&method=balance_add&type=push&customer_id=&phone=&limit=&offset=`,
 * sorted by `?order=created_at|state`, descending with a leading "-" (default `-created_at`).
 * Each names the customer it is for and what it is about (docs/routes.md).
 */
export const GET = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminWalletPassOperationListResponse>
) => {
  const { state, method, type, customer_id, phone, order, limit, offset } =
    req.validatedQuery as AdminWalletPassOperationsQueryType
  const { rows, count } = await req.scope.resolve(WALLET_PASS_MODULE).listAdminOperations({
    states: state as OperationState[] | undefined,
    methods: method as OperationMethod[] | undefined,
    types: type,
    customer_id,
    phone_digits: await phoneFilterDigits(req.scope, phone),
    order: listOrder(order),
    limit,
    offset,
  })
  const ids = [...new Set(rows.flatMap((r) => (r.customer_id ? [r.customer_id] : [])))]
  const { data: customers } = ids.length
    ? await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "customer",
        fields: ["id", "first_name", "last_name", "email"],
        filters: { id: ids },
      })
    : { data: [] }
  const byId = new Map((customers as OperationCustomer[]).map((c) => [c.id, c]))
  res.json({
    operations: rows.map((row) =>
      presentOperationListItem(row, row.customer_id ? byId.get(row.customer_id) : undefined)
    ),
    count,
    limit,
    offset,
    currency_code: await balanceCurrency(req.scope),
  })
}
