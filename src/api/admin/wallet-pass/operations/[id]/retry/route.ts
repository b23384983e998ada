import { reviewOperationHandler } from "../review"

/** POST /admin/wallet-pass/operations/:id/retry — a failed or needs-review request: queue it again now. */
export const POST = reviewOperationHandler("retry")
