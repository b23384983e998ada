/** A payment provider's name for the shopper. */
export function paymentName(providerId: string) {
  return providerId === "pp_system_default" ? "Manual payment" : providerId
}
