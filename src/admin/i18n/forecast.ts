import { defineArea } from "./area"

/** The request queue's forecast on the Wallet pass page (components/queue-forecast.tsx). */
export default defineArea({
  en: {
    forecast: {
      title: "Queue forecast",
      subtitle: "At the last hour's pace, against your plan's {{capacity}} requests an hour.",
      keepsUp: "Keeps up",
      fallsBehind: "Falls behind",
      backlog: "Waiting now",
      background: "Background work waiting",
      arrived: "Queued in the last hour",
      carried: "Sent inside another request",
      sent: "Requests in the last hour",
      drain: "Backlog gone in",
      drainNone: "Nothing waiting",
      drainNever: "Not at this pace",
      warning:
        "Requests arrive faster than your plan sends them ({{demand}} an hour against {{capacity}}): the backlog grows and cards show changes later and later.",
      suggestPlan: "The {{plan}} plan ({{perHour}} requests an hour) would keep up.",
      suggestRaised: "No plan takes that many: ask the service's support for raised limits.",
      coalescing: "While a customer has several balance changes waiting, they go to the service as one request.",
      plans: { basic: "Basic", advanced: "Advanced", expert: "Expert", exclusive: "Exclusive", custom: "custom" },
    },
  },
  ru: {
    forecast: {
      title: "Прогноз очереди",
      subtitle: "В темпе последнего часа, при лимите тарифа {{capacity}} запросов в час.",
      keepsUp: "Успевает",
      fallsBehind: "Не успевает",
      backlog: "Ждут отправки",
      background: "Фоновые задачи в очереди",
      arrived: "Поставлено за час",
      carried: "Ушло в составе других запросов",
      sent: "Запросов за час",
      drain: "Очередь опустеет через",
      drainNone: "Очередь пуста",
      drainNever: "Не в этом темпе",
      warning:
        "Запросы приходят быстрее, чем тариф успевает их отправлять ({{demand}} в час при лимите {{capacity}}): очередь растёт, и изменения доходят до карт всё позже.",
      suggestPlan: "Успевал бы тариф «{{plan}}» ({{perHour}} запросов в час).",
      suggestRaised: "Столько не пропускает ни один тариф: попросите поддержку сервиса поднять лимиты.",
      coalescing: "Когда у клиента в очереди несколько изменений баланса, они уходят в сервис одним запросом.",
      plans: {
        basic: "Базовый",
        advanced: "Продвинутый",
        expert: "Эксперт",
        exclusive: "Эксклюзив",
        custom: "свой",
      },
    },
  },
})
