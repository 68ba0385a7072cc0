import data from './divipola.json';

/** DANE DIVIPOLA (departments and municipalities) for the checkout form. */
export interface Place {
  code: string;
  name: string;
}

export const DEPARTMENTS: Place[] = data.departments.map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, 'es'));

const ALL_MUNICIPALITIES: Place[] = data.municipalities.map(([code, name]) => ({ code, name }));

/** Municipalities of a department (DANE codes start with the department's code), A→Z. */
export function municipalitiesOf(departmentCode: string): Place[] {
  if (!departmentCode) return [];
  return ALL_MUNICIPALITIES.filter((m) => m.code.startsWith(departmentCode)).sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The municipality whose name the shopper typed or picked (accents and case ignored). */
export function findMunicipalityByName(departmentCode: string, name: string): Place | null {
  const wanted = fold(name);
  if (!wanted) return null;
  return municipalitiesOf(departmentCode).find((m) => fold(m.name) === wanted) ?? null;
}
