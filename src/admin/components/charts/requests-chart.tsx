import { useState } from "react"

/** One hour of the chart: its label and tooltip, and the requests started in it. */
export type HourBar = { key: string; label: string; title: string; used: number }

const W = 800
const H = 180
const PAD = { top: 14, right: 8, bottom: 26, left: 56 }

/** The smallest of 1, 2, 5 × 10^k at or above `n`: a round top for a scale. */
function roundUp(n: number): number {
  const power = 10 ** Math.floor(Math.log10(Math.max(1, n)))
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= n)!
}

/**
 * Requests per hour as bars, against the plan's hourly limit (a dashed line): the scale
 * reaches the limit, so how much of the plan is used reads at a glance. When the busiest hour
 * used under a tenth of it, bars against the limit would be too flat to see: the scale then
 * ends at a round number above the busiest hour and the limit is named above it ("↑").
 * A plain SVG scaled to its container; each bar's <title> is its tooltip, and hovering one
 * shows it below.
 */
export function RequestsChart({
  hours,
  limit,
  color,
  limitColor,
  format,
  limitLabel,
  axisLabels,
  testId,
}: {
  hours: HourBar[]
  limit: number
  color: string
  limitColor: string
  format: (n: number) => string
  limitLabel: string
  /** Labels under the axis, by bar index (the others stay blank). */
  axisLabels: Map<number, string>
  testId: string
}) {
  const [hovered, setHovered] = useState<number | null>(null)
  const peak = Math.max(0, ...hours.map((h) => h.used))
  const limitOnScale = limit > 0 && peak * 10 >= limit
  const top = limitOnScale ? Math.max(limit, peak) : roundUp(Math.max(1, peak * 1.25))
  const plotH = H - PAD.top - PAD.bottom
  const plotW = W - PAD.left - PAD.right
  const y = (n: number) => PAD.top + plotH - (n / top) * plotH
  const step = plotW / Math.max(1, hours.length)
  const barW = Math.max(1, step * 0.75)
  const shown = hovered === null ? null : hours[hovered]
  return (
    <div data-testid={testId}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" className="block" onMouseLeave={() => setHovered(null)}>
        <text x={PAD.left - 8} y={y(top) + 4} textAnchor="end" fontSize="11" fill="var(--fg-subtle)">
          {format(top)}
        </text>
        <text x={PAD.left - 8} y={y(0)} textAnchor="end" fontSize="11" fill="var(--fg-subtle)">
          0
        </text>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--border-strong)" />
        {hours.map((h, i) => {
          const x = PAD.left + i * step + (step - barW) / 2
          return (
            <g key={h.key} onMouseEnter={() => setHovered(i)} opacity={hovered === null || hovered === i ? 1 : 0.55}>
              <title>{h.title}</title>
              <rect x={PAD.left + i * step} y={PAD.top} width={step} height={plotH} fill="transparent" />
              {h.used > 0 && <rect x={x} y={y(h.used)} width={barW} height={y(0) - y(h.used)} fill={color} />}
              {axisLabels.has(i) && (
                <text
                  x={x > W - PAD.right - 60 ? W - PAD.right : x}
                  y={H - 8}
                  textAnchor={x > W - PAD.right - 60 ? "end" : "start"}
                  fontSize="11"
                  fill="var(--fg-subtle)"
                >
                  {axisLabels.get(i)}
                </text>
              )}
            </g>
          )
        })}
        {limit > 0 && !limitOnScale && (
          <text
            x={W - PAD.right}
            y={PAD.top - 2}
            textAnchor="end"
            fontSize="11"
            fill={limitColor}
            data-testid={`${testId}-limit`}
          >
            ↑ {limitLabel}
          </text>
        )}
        {limitOnScale && (
          <g data-testid={`${testId}-limit`}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(limit)}
              y2={y(limit)}
              stroke={limitColor}
              strokeDasharray="6 4"
              strokeWidth="1.5"
            />
            <text x={W - PAD.right} y={y(limit) - 4} textAnchor="end" fontSize="11" fill={limitColor}>
              {limitLabel}
            </text>
          </g>
        )}
      </svg>
      <div className="text-ui-fg-subtle txt-compact-small flex min-h-5 gap-x-4 pt-1">
        {shown && (
          <span className="text-ui-fg-base">
            {shown.label}: {format(shown.used)}
          </span>
        )}
      </div>
    </div>
  )
}
