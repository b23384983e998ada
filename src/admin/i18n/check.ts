import { defineArea } from "./area"

/**
 * The connection check on the Wallet pass page's Connection panel (components/connection-check.tsx):
 * `said.<code>` is what a step found or what to do (src/lib/check-messages.ts), in the merchant's words.
 */
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
      said: {
        key_ok: "The key opens the account “{{account}}” (its balance at the service: {{balance}}).",
        key_refused: "The service refused the key ({{status}}): {{error}}",
        key_unanswered: "The service did not answer the connection check as expected: {{error}}",
        no_budget: "The plan had no free request for the check in the next {{seconds}} s.",
        key_todo_copy:
          "Copy the private key from the service's dashboard (its integration settings) into the plugin's settings (the app key).",
        key_todo_api_url:
          "Check the service's address in the plugin's settings ({{api_url}}): it must be the service's address ending in /v2.",
        todo_rate_limited: "The service is limiting requests: see the step “The plan”.",
        todo_plan_budget: "Wait a minute and run the check again: the queue is using the plan's requests.",
        skipped_key: "Not run: the key did not work.",
        customers_ok: "The customer list was read: phones with an installed card on its first page: {{phones}}.",
        customers_todo_unknown: "The answer has fields the plugin does not know: send it to the service's support.",
        customer_ok: "The customer {{phone}} was read, as the plugin expects.",
        customer_differs: "The customer {{phone}} was read, with differences from what the plugin expects.",
        customer_todo_differs: "The plugin keeps working; send the kept answer below to the service's support.",
        customer_no_pass:
          "No installed card to read yet: install a card from the service's form, then run the check again.",
        read_mismatch: "The service's answer to “{{request}}” is not what the plugin expects.",
        read_failed: "“{{request}}” failed: {{error}}",
        read_todo_send:
          "Send the kept answer (below, secrets removed) to the service's support and to the plugin's maintainers.",
        read_todo_log: "The whole answer is in the request log.",
        plan_limited:
          "The plugin's settings allow {{per_second}} requests a second and {{per_hour}} an hour; the service asked to slow down at this check's pace.",
        plan_seen:
          "The plugin's settings allow {{per_second}} requests a second and {{per_hour}} an hour; answers asking to slow down in the last 24 hours: {{answers}}.",
        plan_todo:
          "Set the plan in the plugin's settings to your account's plan (basic: 60 an hour, advanced: 600, expert or exclusive: 3,600, or the limits the service's support raised).",
        mode_builtin: "Built-in mode: the service keeps the balances, and the store sends it its changes.",
        mode_strangers:
          "The store is set up as the service's external CRM, but the service has installed cards the store never heard of ({{phones}}) and no notification from the service ever arrived.",
        mode_todo_strangers:
          "In the service's integration settings, choose an external CRM and enter this store's address for notifications and its password; or import the service's customers (Import, on this page).",
        mode_hooks: "External CRM mode: the store keeps the balances, and the service's notifications arrive.",
        mode_no_hook: "External CRM mode: no notification from the service has arrived yet.",
        mode_todo_install: "Install a card from the service's form: its notification should arrive here.",
        hooks_builtin: "Built-in mode: the service sends no notifications.",
        hooks_facts: "Address for notifications: {{url}}; sign-in: {{auth}}; accepted from: {{address}}; {{last}}",
        hooks_refused: "{{facts}}; the latest notification was refused ({{status}}): {{reason}}",
        hooks_url: "{{url}}",
        hooks_url_not_https: "{{url}}, not secure (no HTTPS)",
        hooks_url_unknown: "unknown (the store's public address is not set)",
        hooks_auth_crm_key: "the service's integration key as the password, no login",
        hooks_auth_basic: "login and password",
        hooks_address: "{{ip}} only",
        hooks_address_any: "any address",
        hooks_last: "the last notification, “{{method}}”, {{at}}: {{outcome}} ({{status}})",
        hooks_last_none: "no notification received yet",
        hooks_todo_credential:
          "Enter in the service's integration settings the same login and password as in the plugin's settings (or the integration key as the password, with an empty login).",
        hooks_todo_headers: "The sender's address or the service's account numbers differ from the plugin's settings.",
        hooks_todo_https:
          "The service sends notifications only to a secure (HTTPS) address: set up HTTPS for the store.",
        clock_no_date: "This server and the database differ by {{db_seconds}} s; the service did not say its time.",
        clock_service:
          "This server and the database differ by {{db_seconds}} s; the service's clock by about {{service_seconds}} s.",
        clock_todo: "Synchronise the server's clock: dates and lifetimes depend on it.",
      },
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
      said: {
        key_ok: "Ключ открывает аккаунт «{{account}}» (его баланс в сервисе: {{balance}}).",
        key_refused: "Сервис не принял ключ ({{status}}): {{error}}",
        key_unanswered: "Сервис ответил на проверку подключения не так, как ожидалось: {{error}}",
        no_budget: "В тарифе не нашлось свободного запроса для проверки в ближайшие {{seconds}} с.",
        key_todo_copy:
          "Скопируйте закрытый ключ из кабинета сервиса (настройки интеграции) в настройки плагина (ключ приложения).",
        key_todo_api_url: "Проверьте адрес сервиса в настройках плагина ({{api_url}}): он должен заканчиваться на /v2.",
        todo_rate_limited: "Сервис ограничивает запросы: см. шаг «Тариф».",
        todo_plan_budget: "Подождите минуту и запустите проверку снова: очередь расходует запросы тарифа.",
        skipped_key: "Не выполнен: ключ не подошёл.",
        customers_ok: "Список клиентов прочитан: телефонов с установленной картой на первой странице — {{phones}}.",
        customers_todo_unknown: "В ответе есть поля, которых плагин не знает: отправьте его в поддержку сервиса.",
        customer_ok: "Клиент {{phone}} прочитан, ответ такой, как ожидает плагин.",
        customer_differs: "Клиент {{phone}} прочитан, но ответ отличается от того, что ожидает плагин.",
        customer_todo_differs: "Плагин продолжает работать; отправьте сохранённый ответ ниже в поддержку сервиса.",
        customer_no_pass:
          "Пока нет установленной карты для чтения: установите карту через форму сервиса и запустите проверку снова.",
        read_mismatch: "Ответ сервиса на запрос «{{request}}» не такой, как ожидает плагин.",
        read_failed: "Запрос «{{request}}» не удался: {{error}}",
        read_todo_send: "Отправьте сохранённый ответ (ниже, без секретов) в поддержку сервиса и разработчикам плагина.",
        read_todo_log: "Весь ответ — в журнале запросов.",
        plan_limited:
          "Настройки плагина разрешают запросов: {{per_second}} в секунду и {{per_hour}} в час; сервис попросил сбавить темп уже на скорости этой проверки.",
        plan_seen:
          "Настройки плагина разрешают запросов: {{per_second}} в секунду и {{per_hour}} в час; просьб сервиса сбавить темп за последние 24 часа: {{answers}}.",
        plan_todo:
          "Укажите в настройках плагина тариф вашего аккаунта (basic — 60 запросов в час, advanced — 600, expert или exclusive — 3600, или лимиты, которые подняла поддержка сервиса).",
        mode_builtin: "Встроенный режим: балансы хранит сервис, а магазин отправляет ему свои изменения.",
        mode_strangers:
          "Магазин настроен как внешняя CRM сервиса, но в сервисе есть установленные карты, о которых магазин не знает ({{phones}}), и ни одного уведомления от сервиса не приходило.",
        mode_todo_strangers:
          "В настройках интеграции сервиса выберите внешнюю CRM и укажите адрес магазина для уведомлений и пароль; или импортируйте клиентов сервиса (импорт на этой странице).",
        mode_hooks: "Режим внешней CRM: балансы хранит магазин, уведомления сервиса приходят.",
        mode_no_hook: "Режим внешней CRM: уведомлений от сервиса ещё не было.",
        mode_todo_install: "Установите карту через форму сервиса: сюда должно прийти уведомление о ней.",
        hooks_builtin: "Встроенный режим: сервис не отправляет уведомлений.",
        hooks_facts: "Адрес для уведомлений: {{url}}; вход: {{auth}}; принимаются: {{address}}; {{last}}",
        hooks_refused: "{{facts}}; последнее уведомление отклонено ({{status}}): {{reason}}",
        hooks_url: "{{url}}",
        hooks_url_not_https: "{{url}}, незащищённый (не HTTPS)",
        hooks_url_unknown: "неизвестен (не задан публичный адрес магазина)",
        hooks_auth_crm_key: "ключ интеграции сервиса как пароль, без логина",
        hooks_auth_basic: "логин и пароль",
        hooks_address: "только с {{ip}}",
        hooks_address_any: "с любого адреса",
        hooks_last: "последнее уведомление — «{{method}}», {{at}}: {{outcome}} ({{status}})",
        hooks_last_none: "уведомлений ещё не было",
        hooks_todo_credential:
          "Укажите в настройках интеграции сервиса те же логин и пароль, что в настройках плагина (или ключ интеграции как пароль с пустым логином).",
        hooks_todo_headers: "Адрес отправителя или номера аккаунта сервиса не совпадают с настройками плагина.",
        hooks_todo_https:
          "Сервис отправляет уведомления только на защищённый адрес (HTTPS): настройте HTTPS для магазина.",
        clock_no_date: "Часы этого сервера и базы данных расходятся на {{db_seconds}} с; сервис не сообщил своё время.",
        clock_service:
          "Часы этого сервера и базы данных расходятся на {{db_seconds}} с, с часами сервиса — примерно на {{service_seconds}} с.",
        clock_todo: "Синхронизируйте часы сервера: от них зависят даты и сроки.",
      },
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
