import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { enrollCustomerWorkflow } from "../../../../../../workflows/enrollment/enroll-customer"

/**
 * POST /admin/customers/:id/wallet-pass/enroll — enrol a customer who has no pass yet, or
 * whose enrolment failed or lacked a phone (a usable phone is needed). An enrolled or
 * pending customer (or one created from a pass install) is answered as they are; one who
 * cannot be enrolled gets a 400 saying why.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  await req.scope.resolve(Modules.CUSTOMER).retrieveCustomer(req.params.id, { select: ["id"] })
  const { result } = await enrollCustomerWorkflow(req.scope).run({
    input: { customer_id: req.params.id, source: "admin", retry: "always" },
  })
  // Skipped: a customer created from a pass install, whom the service already knows.
  if (result.skipped === null && result.state !== "pending" && result.state !== "enrolled") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Customer ${req.params.id} cannot be enrolled: ${result.error ?? result.state}`
    )
  }
  res.json({ enrollment: result })
}
