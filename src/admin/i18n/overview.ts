import { defineArea } from "./area"

/** The program overview (components/program-overview.tsx), first on the Wallet pass page. */
export default defineArea({
  en: {
    overview: {
      title: "Program overview",
      subtitle: "Days and hours in {{timezone}} · as of {{time}}",
      days30: "30 days",
      days90: "90 days",
      loadFailed: "Could not load the overview. Reload the page to try again.",
      holders: "Members",
      holdersHint: "{{enrolled}} enrolled with the service",
      installed: "Cards in a wallet",
      installedValue: "{{members}} ({{share}})",
      installedHint: "of the members enrolled",
      active: "Active in 90 days",
      activeHint: "bought or spent bonus",
      outstanding: "Bonus owed",
      outstandingHint: "the balances of all members together",
      expiring: "Lapses within 30 days",
      expiringHint: "of the bonus owed",
      waiting: "Orders waiting for their bonus",
      waitingSince: "the oldest placed {{time}}",
      waitingNone: "every paid order credited",
      sweep: {
        ran: "Missed orders are checked every {{every}} s · last check {{time}}",
        never: "Missed orders are checked every {{every}} s · no check has run yet",
        late: "The check for missed orders is late (last run: {{time}}). An order whose bonus was missed waits until it runs: make sure the store's background process (the worker) is running, or restart it.",
        lateNever:
          "The check for missed orders has not run yet. An order whose bonus was missed waits until it runs: make sure the store's background process (the worker) is running, or restart it.",
      },
      flows: {
        title: "Bonus per day",
        credited: "Credited",
        redeemed: "Redeemed (net)",
        reversed: "Reversed",
        lapsed: "Lapsed",
        totals:
          "In {{days}} days: {{credited}} credited, {{redeemed}} redeemed net of bonus payments given back, {{reversed}} reversed, {{lapsed}} lapsed",
        empty: "No bonus was credited or spent in these days.",
        tooltip: "{{day}}: {{credited}} credited, {{redeemed}} redeemed, {{reversed}} reversed, {{lapsed}} lapsed",
      },
      requests: {
        title: "Requests to the service per hour",
        limit: "Plan: {{limit}} an hour",
        summary: "Peak: {{peak}} in an hour, {{share}} of the plan's hourly limit · {{total}} in the last 7 days",
        tooltip: "{{hour}}: {{used}} requests",
      },
    },
  },
  ru: {
    overview: {
      title: "Обзор программы",
      subtitle: "Дни и часы по поясу {{timezone}} · на {{time}}",
      days30: "30 дней",
      days90: "90 дней",
      loadFailed: "Не удалось загрузить обзор. Обновите страницу и попробуйте снова.",
      holders: "Участники",
      holdersHint: "Зарегистрированы в сервисе: {{enrolled}}",
      installed: "Карта в кошельке",
      installedValue: "{{members}} ({{share}})",
      installedHint: "от зарегистрированных участников",
      active: "Активны за 90 дней",
      activeHint: "покупали или тратили бонусы",
      outstanding: "Бонусы на балансах",
      outstandingHint: "сумма балансов всех участников",
      expiring: "Сгорят за 30 дней",
      expiringHint: "из бонусов на балансах",
      waiting: "Заказы без начисленного бонуса",
      waitingSince: "самый ранний оформлен {{time}}",
      waitingNone: "бонусы начислены за все оплаченные заказы",
      sweep: {
        ran: "Пропущенные заказы проверяются каждые {{every}} с · последняя проверка {{time}}",
        never: "Пропущенные заказы проверяются каждые {{every}} с · проверок ещё не было",
        late: "Проверка пропущенных заказов запаздывает (последний запуск: {{time}}). Заказ, бонус за который пропущен, ждёт следующей проверки: убедитесь, что фоновый процесс магазина (воркер) работает, или перезапустите его.",
        lateNever:
          "Проверка пропущенных заказов ещё ни разу не запускалась. Заказ, бонус за который пропущен, ждёт проверки: убедитесь, что фоновый процесс магазина (воркер) работает, или перезапустите его.",
      },
      flows: {
        title: "Бонусы по дням",
        credited: "Начислено",
        redeemed: "Потрачено (за вычетом возвратов)",
        reversed: "Отменено",
        lapsed: "Сгорело",
        totals:
          "За {{days}} дней: начислено {{credited}}, потрачено {{redeemed}} за вычетом возвращённых оплат бонусами, отменено {{reversed}}, сгорело {{lapsed}}",
        empty: "За эти дни бонусы не начислялись и не тратились.",
        tooltip: "{{day}}: начислено {{credited}}, потрачено {{redeemed}}, отменено {{reversed}}, сгорело {{lapsed}}",
      },
      requests: {
        title: "Запросы к сервису по часам",
        limit: "Тариф: {{limit}} в час",
        summary: "Пик: {{peak}} за час, {{share}} часового лимита тарифа · всего за 7 дней: {{total}}",
        tooltip: "{{hour}}: запросов — {{used}}",
      },
    },
  },
})
