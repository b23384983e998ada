import { reviewOperationHandler } from "../review"

/** POST /admin/wallet-pass/operations/:id/resolve — a failed or needs-review request: close it as handled by hand. */
export const POST = reviewOperationHandler("resolve")
