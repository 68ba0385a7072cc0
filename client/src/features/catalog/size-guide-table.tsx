import { formatMeasure, guideHints, MEASUREMENT_LABELS, type SizeMeasurement } from '#shared/size-guide.js';

/** A guide as GraphQL answers it (the shape of shared/size-guide's SizeGuide). */
export interface SizeGuideView {
  measurements: readonly SizeMeasurement[];
  rows: ReadonlyArray<{ size: string; values: ReadonlyArray<{ min: number; max?: number | null }> }>;
  note?: string | null;
}

/** The product's size guide: how to measure, then one row per size with its measurements in cm. */
export function SizeGuideTable({ guide, productName }: { guide: SizeGuideView; productName: string }) {
  return (
    <section className="size-chart" aria-labelledby="size-chart-title">
      <h2 id="size-chart-title">Guía de tallas</h2>
      <ul className="size-chart__hints">
        {guideHints(guide).map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      <div className="size-chart__scroll" role="region" aria-labelledby="size-chart-title" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Medidas de {productName} en centímetros por talla</caption>
          <thead>
            <tr>
              <th scope="col">Talla</th>
              {guide.measurements.map((m) => (
                <th scope="col" key={m}>
                  {MEASUREMENT_LABELS[m]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                {row.values.map((value, i) => (
                  <td key={guide.measurements[i] ?? i}>{formatMeasure({ min: value.min, max: value.max ?? null })}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {guide.note ? <p className="size-chart__note">{guide.note}</p> : null}
    </section>
  );
}
