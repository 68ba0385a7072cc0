interface SizeChartRow {
  size: string;
  cuelloCm: number;
  pechoCm: number;
  largoCm: number;
}

/** Jacket measurements per size (cm). */
export function SizeChartTable({ rows }: { rows: SizeChartRow[] }) {
  return (
    <section className="size-chart" aria-labelledby="size-chart-title">
      <h2 id="size-chart-title">Guía de tallas</h2>
      <p>Mide a tu mascota de pie: el cuello en su base, el pecho en la parte más ancha y el largo desde la nuca hasta la base de la cola.</p>
      <div className="size-chart__scroll">
        <table>
          <caption className="visually-hidden">Medidas de la chaqueta en centímetros por talla</caption>
          <thead>
            <tr>
              <th scope="col">Talla</th>
              <th scope="col">Cuello (cm)</th>
              <th scope="col">Pecho (cm)</th>
              <th scope="col">Largo (cm)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{row.cuelloCm}</td>
                <td>{row.pechoCm}</td>
                <td>{row.largoCm}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
