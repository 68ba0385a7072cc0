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

/** Accents, case, punctuation and spacing ignored: `bogota dc` matches `Bogotá D.C.`. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The municipality whose name the shopper typed or picked (accents, case and punctuation ignored). */
export function findMunicipalityByName(departmentCode: string, name: string): Place | null {
  const wanted = fold(name);
  if (!wanted) return null;
  const places = municipalitiesOf(departmentCode);
  const exact = places.find((m) => fold(m.name) === wanted);
  if (exact) return exact;
  // A department with a single municipality (Bogotá D.C.): its short name is enough (`Bogotá`).
  return places.length === 1 && wanted.length >= 4 && fold(places[0].name).startsWith(wanted) ? places[0] : null;
}
