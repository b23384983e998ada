import type { EmulatorCustomer } from "./state"

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/**
 * A customer's card as the emulated service would draw it (docs/emulator.md, "The card page"):
 * balance, rates, the design (`template_uuid`) and every template variable the store wrote,
 * so the dev store shows what a customer's card says.
 */
export function renderCardPage(c: EmulatorCustomer): string {
  const rows = Object.entries(c.variables)
    .map(([name, value]) => `<tr><th>${escape(name)}</th><td>${escape(value === null ? "" : String(value))}</td></tr>`)
    .join("")
  const cards = c.cards.map((k) => `${escape(k.number)}${k.installed ? " (installed)" : ""}`).join(", ") || "none"
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card ${escape(c.phone)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:2rem}
.card{max-width:22rem;border-radius:1rem;padding:1.25rem;background:#111827;color:#f9fafb;box-shadow:0 4px 16px #0003}
.card h1{font-size:1.1rem;margin:0 0 .75rem}
.balance{font-size:2rem;font-weight:600}
table{border-collapse:collapse;width:100%;margin-top:.75rem}
th,td{text-align:left;padding:.2rem .4rem;border-top:1px solid #374151;font-size:.9rem}
th{color:#9ca3af;font-weight:400}
.meta{font-size:.8rem;color:#9ca3af;margin-top:.75rem}
</style></head>
<body><div class="card" data-design="${escape(c.templateUuid ?? "")}">
<h1>${escape([c.name, c.surname].filter(Boolean).join(" ") || c.phone)}</h1>
<div class="balance" data-field="balance">${c.balance}</div>
<div>bonus ${c.bonus}% · discount ${c.discount}%</div>
<table data-field="variables">${rows || `<tr><td>no template variables</td></tr>`}</table>
<div class="meta">design: <span data-field="template_uuid">${escape(c.templateUuid ?? "default")}</span><br>
cards: ${cards}<br>phone: ${escape(c.phone)}</div>
</div></body></html>`
}
