import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { enrollCustomerWorkflow } from "../../../../../../workflows/enroll-customer"

/** POST /admin/customers/:id/wallet-pass/enroll — enrol a customer who has no pass yet (a phone is needed). */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const { result } = await enrollCustomerWorkflow(req.scope).run({ input: { customer_id: req.params.id, source: "admin" } })
  res.json({ enrollment: result })
}
