import { defineArea } from "./area"

/** The order widget (widgets/order-wallet-pass.tsx). */
export default defineArea({
  en: {
    order: {
      title: "Wallet pass bonus",
      loadFailed: "Could not load the order's bonus. Reload the page to try again.",
      none: "No bonus on this order.",
      totals: {
        credited: "Bonus credited",
        redeemed: "Paid with bonus",
        reversed: "Bonus reversed",
        redemption_refunded: "Bonus payment returned",
      },
      entry: "Entry",
      request: "Request to the service",
    },
  },
  ru: {
    order: {
      title: "Бонусы по заказу",
      loadFailed: "Не удалось загрузить бонусы заказа. Обновите страницу, чтобы попробовать снова.",
      none: "По этому заказу бонусов нет.",
      totals: {
        credited: "Начислено бонусов",
        redeemed: "Оплачено бонусами",
        reversed: "Бонусы отменены",
        redemption_refunded: "Возврат оплаты бонусами",
      },
      entry: "Запись",
      request: "Запрос к сервису",
    },
  },
})
