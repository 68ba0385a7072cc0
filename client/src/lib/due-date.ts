const DAY_MS = 86_400_000;

/** How a legal deadline reads for staff: `vence hoy`, `vence en 3 días`, `venció hace 2 días`. */
export function dueIn(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  if (diff < 0) {
    const days = Math.floor(-diff / DAY_MS);
    return days === 0 ? 'venció hoy' : `venció hace ${days === 1 ? '1 día' : `${days} días`}`;
  }
  const days = Math.floor(diff / DAY_MS);
  return days === 0 ? 'vence hoy' : `vence en ${days === 1 ? '1 día' : `${days} días`}`;
}

const HOUR_MS = 3_600_000;

/**
 * How soon something lapses, for a dashboard that is glanced at: `vence en 45 min`, `vence en 3 h`, `vence en 2 días`,
 * `venció` once past (rounded down, so it never reads later than it is).
 */
export function lapsesIn(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  if (diff <= 0) return 'venció';
  if (diff < HOUR_MS) return `vence en ${Math.max(1, Math.floor(diff / 60_000))} min`;
  if (diff < DAY_MS) return `vence en ${Math.floor(diff / HOUR_MS)} h`;
  const days = Math.floor(diff / DAY_MS);
  return `vence en ${days === 1 ? '1 día' : `${days} días`}`;
}
