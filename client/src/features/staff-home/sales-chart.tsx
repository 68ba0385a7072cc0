import { formatCop } from '#shared/money.js';
import { countOf } from '#shared/plural.js';

interface Day {
  date: string;
  total: number;
  orders: number;
}

const W = 600;
const H = 200;
const PAD = 24;

const shortDate = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;

/** Bar chart of sales per day (inline SVG) with a table for screen readers. */
export function SalesChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.total));
  const bar = (W - PAD * 2) / Math.max(days.length, 1);
  const total = days.reduce((s, d) => s + d.total, 0);
  return (
    <figure className="sales-chart">
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        role="img"
        aria-label={`Ventas por día, últimos ${days.length} días: ${formatCop(total)} en total`}
      >
        <line x1={PAD} y1={H} x2={W - PAD} y2={H} className="sales-chart__axis" />
        {days.map((d, i) => {
          const h = Math.round((d.total / max) * (H - PAD));
          return (
            <g key={d.date}>
              <rect
                x={PAD + i * bar + 2}
                y={H - h}
                width={Math.max(bar - 4, 1)}
                height={h}
                className="sales-chart__bar"
              >
                <title>{`${shortDate(d.date)}: ${formatCop(d.total)} (${countOf(d.orders, 'orden', 'órdenes')})`}</title>
              </rect>
              {i % 5 === 0 || i === days.length - 1 ? (
                <text x={PAD + i * bar + bar / 2} y={H + 14} textAnchor="middle" className="sales-chart__label">
                  {shortDate(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>Ventas por día (últimos 30 días)</figcaption>
      <details className="sales-chart__table">
        <summary>Ver como tabla</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Órdenes</th>
              <th scope="col">Ventas</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.date}</td>
                <td>{d.orders}</td>
                <td>{formatCop(d.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
