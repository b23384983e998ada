import { useState } from "react"

/** One column of the chart: its label and tooltip, an amount above the axis and amounts stacked below it. */
export type FlowColumn = { key: string; label: string; title: string; up: number; down: number[] }

export type FlowSeries = { label: string; color: string }

const W = 800
const H = 220
const PAD = { top: 12, right: 8, bottom: 26, left: 72 }

/** A label under the axis, centred on its column; the last ones end at the chart's edge. */
const AxisLabel = ({ x, text }: { x: number; text: string }) => {
  const end = x > W - PAD.right - 36
  return (
    <text
      x={end ? W - PAD.right : x}
      y={H - 8}
      textAnchor={end ? "end" : "middle"}
      fontSize="11"
      fill="var(--fg-subtle)"
    >
      {text}
    </text>
  )
}

/**
 * Columns of amounts, one per day: the first series above the axis (bonus credited), the
 * others stacked below it (redeemed, reversed, lapsed). A plain SVG scaled to its container;
 * each column's <title> is its tooltip (and what a screen reader says), and hovering one
 * shows its values under the chart. `format` writes an axis or tooltip amount.
 */
export function FlowChart({
  columns,
  series,
  format,
  axisLabels,
  testId,
}: {
  columns: FlowColumn[]
  series: FlowSeries[]
  format: (amount: number) => string
  /** Labels under the axis, by column index (the others stay blank). */
  axisLabels: Map<number, string>
  testId: string
}) {
  const [hovered, setHovered] = useState<number | null>(null)
  const upMax = Math.max(0, ...columns.map((c) => c.up))
  const downMax = Math.max(0, ...columns.map((c) => c.down.reduce((a, b) => a + Math.max(0, b), 0)))
  const plotH = H - PAD.top - PAD.bottom
  const plotW = W - PAD.left - PAD.right
  const scale = upMax + downMax > 0 ? plotH / (upMax + downMax) : 0
  const axisY = PAD.top + upMax * scale + (upMax + downMax > 0 ? 0 : plotH / 2)
  const step = plotW / Math.max(1, columns.length)
  const barW = Math.max(1, step * 0.7)
  const shown = hovered === null ? null : columns[hovered]
  return (
    <div data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" className="block" onMouseLeave={() => setHovered(null)}>
        {upMax > 0 && (
          <text x={PAD.left - 8} y={PAD.top + 10} textAnchor="end" fontSize="11" fill="var(--fg-subtle)">
            {format(upMax)}
          </text>
        )}
        {downMax > 0 && (
          <text x={PAD.left - 8} y={H - PAD.bottom} textAnchor="end" fontSize="11" fill="var(--fg-subtle)">
            {format(-downMax)}
          </text>
        )}
        <line x1={PAD.left} x2={W - PAD.right} y1={axisY} y2={axisY} stroke="var(--border-strong)" />
        {columns.map((c, i) => {
          const x = PAD.left + i * step + (step - barW) / 2
          let y = axisY
          return (
            <g key={c.key} onMouseEnter={() => setHovered(i)} opacity={hovered === null || hovered === i ? 1 : 0.55}>
              <title>{c.title}</title>
              <rect x={PAD.left + i * step} y={PAD.top} width={step} height={plotH} fill="transparent" />
              {c.up > 0 && (
                <rect x={x} y={axisY - c.up * scale} width={barW} height={c.up * scale} fill={series[0].color} />
              )}
              {c.down.map((amount, k) => {
                if (amount <= 0) return null
                const rect = (
                  <rect key={k} x={x} y={y} width={barW} height={amount * scale} fill={series[k + 1].color} />
                )
                y += amount * scale
                return rect
              })}
              {axisLabels.has(i) && <AxisLabel x={x + barW / 2} text={axisLabels.get(i)!} />}
            </g>
          )
        })}
      </svg>
      <div className="text-ui-fg-subtle txt-compact-small flex min-h-5 flex-wrap gap-x-4 gap-y-1 pt-1">
        {series.map((s, k) => (
          <span key={s.label} className="inline-flex items-center gap-x-1.5">
            <span className="inline-block h-2 w-2 rounded-sm" style={{ background: s.color }} />
            {s.label}
            {shown && <span className="text-ui-fg-base">{format(k === 0 ? shown.up : shown.down[k - 1])}</span>}
          </span>
        ))}
        {shown && <span className="text-ui-fg-base ml-auto">{shown.label}</span>}
      </div>
    </div>
  )
}
