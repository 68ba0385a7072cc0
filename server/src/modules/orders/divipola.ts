import data from './divipola.json' with { type: 'json' };

/** DANE DIVIPOLA departments and municipalities (compact copy of shared/data/divipola.json). */
export interface Place {
  code: string;
  name: string;
}

const departments = new Map<string, string>(data.departments.map(([code, name]) => [code, name]));
const municipalities = new Map<string, string>(data.municipalities.map(([code, name]) => [code, name]));

export function findDepartment(code: string): Place | null {
  const name = departments.get(code);
  return name ? { code, name } : null;
}

/** A municipality's DANE code starts with its department's two-digit code. */
export function findMunicipality(departmentCode: string, municipalityCode: string): Place | null {
  if (!municipalityCode.startsWith(departmentCode)) return null;
  const name = municipalities.get(municipalityCode);
  return name ? { code: municipalityCode, name } : null;
}

export const DIVIPOLA_COUNTS = { departments: departments.size, municipalities: municipalities.size };
