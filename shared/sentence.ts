/**
 * Ends a sentence with its full stop, unless it already ends with one. Spanish abbreviations keep their own period
 * (es-CO times read `11:50 a. m.`), and an abbreviation that ends a sentence takes no second one: «apartados hasta
 * las 11:50 a. m.», never «a. m..».
 */
export function endSentence(text: string): string {
  return /[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
