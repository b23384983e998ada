import { defineArea } from "./area"

/** The connection check on the Wallet pass page's Connection panel (components/connection-check.tsx). */
export default defineArea({
  en: {
    check: {
      intro: "Check the connection with your key: read-only requests (at most 5), each step with what to do.",
      run: "Check the connection",
      passed: "Every step passed ({{count, number}} requests spent).",
      failedAt: "Failed at “{{step}}” ({{count, number}} requests spent).",
      couldNotRun: "The check could not run. Reload the page to try again.",
      unknownFields: "Fields the service's documentation does not name: {{fields}}",
      missingFields: "Missing or wrong: {{fields}}",
      todo: "To do: {{todo}}",
      status: { ok: "OK", warn: "Look", fail: "Failed", skipped: "Not run" },
      step: {
        key: "The key",
        plan: "The plan",
        mode: "External CRM",
        customers: "The customer list",
        customer: "One customer",
        hooks: "Notifications from the service",
        clock: "The clock",
      },
    },
  },
  ru: {
    check: {
      intro:
        "Проверка подключения с вашим ключом: только запросы на чтение (не больше 5), у каждого шага — что сделать.",
      run: "Проверить подключение",
      passed: "Все шаги пройдены (потрачено запросов: {{count, number}}).",
      failedAt: "Ошибка на шаге «{{step}}» (потрачено запросов: {{count, number}}).",
      couldNotRun: "Проверка не запустилась. Обновите страницу и попробуйте снова.",
      unknownFields: "Поля, которых нет в документации сервиса: {{fields}}",
      missingFields: "Нет или неверны: {{fields}}",
      todo: "Что сделать: {{todo}}",
      status: { ok: "OK", warn: "Внимание", fail: "Ошибка", skipped: "Не выполнен" },
      step: {
        key: "Ключ",
        plan: "Тариф",
        mode: "Внешняя CRM",
        customers: "Список клиентов",
        customer: "Один клиент",
        hooks: "Уведомления от сервиса",
        clock: "Часы",
      },
    },
  },
})
