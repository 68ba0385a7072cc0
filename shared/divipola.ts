import data from './divipola.json' with { type: 'json' };

/** DANE DIVIPOLA: Colombia's 33 departments and 1,123 municipalities with their codes. */
export interface Place {
  code: string;
  name: string;
}

const departmentNames = new Map<string, string>(data.departments.map(([code, name]) => [code, name]));
const municipalityNames = new Map<string, string>(data.municipalities.map(([code, name]) => [code, name]));

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name, 'es');

/** Departments A→Z (Spanish collation). */
export const DEPARTMENTS: readonly Place[] = data.departments.map(([code, name]) => ({ code, name })).sort(byName);

const ALL_MUNICIPALITIES: readonly Place[] = data.municipalities.map(([code, name]) => ({ code, name }));

export const DIVIPOLA_COUNTS = { departments: departmentNames.size, municipalities: municipalityNames.size };

export function findDepartment(code: string): Place | null {
  const name = departmentNames.get(code);
  return name ? { code, name } : null;
}

/** A municipality's DANE code starts with its department's two-digit code. */
export function findMunicipality(departmentCode: string, municipalityCode: string): Place | null {
  if (!departmentCode || !municipalityCode.startsWith(departmentCode)) return null;
  const name = municipalityNames.get(municipalityCode);
  return name ? { code: municipalityCode, name } : null;
}

/** Municipalities of a department, A→Z. */
export function municipalitiesOf(departmentCode: string): Place[] {
  if (!departmentCode) return [];
  return ALL_MUNICIPALITIES.filter((m) => m.code.startsWith(departmentCode)).sort(byName);
}

/** Accents, case, punctuation and spacing ignored: `bogota dc` matches `Bogotá D.C.`. */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The municipality whose name the shopper typed or picked (accents, case and punctuation ignored). */
export function findMunicipalityByName(departmentCode: string, name: string): Place | null {
  const wanted = foldPlaceName(name);
  if (!wanted) return null;
  const places = municipalitiesOf(departmentCode);
  const exact = places.find((m) => foldPlaceName(m.name) === wanted);
  if (exact) return exact;
  // A department with a single municipality (Bogotá D.C.): its short name is enough (`Bogotá`).
  return places.length === 1 && wanted.length >= 4 && foldPlaceName(places[0]!.name).startsWith(wanted)
    ? places[0]!
    : null;
}
