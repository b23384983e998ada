import type WalletPassModuleService from "../../src/modules/wallet-pass/service"
import type { ModelServices } from "../../src/modules/wallet-pass/utils/internal-service"

/**
 * The services Medusa generates for the walletPass module's models, for a test's setup only:
 * a ledger entry or a request in a state no module method puts it in (an expired credit, a
 * failed request). The module's facade refuses these writes (utils/refused-writes.ts).
 */
export function modelServices(walletPass: WalletPassModuleService): ModelServices {
  return (walletPass as unknown as { __container__: ModelServices }).__container__
}
