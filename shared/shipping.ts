/** How a delivery time reads in Spanish: `1 a 2 días hábiles`, `5 días hábiles`, `1 día hábil`. */
export function deliveryDaysLabel(minDays: number, maxDays: number): string {
  if (minDays === maxDays) return `${minDays} ${minDays === 1 ? 'día hábil' : 'días hábiles'}`;
  return `${minDays} a ${maxDays} días hábiles`;
}
