import { describe, expect, it } from 'vitest';
import {
  DEPARTMENTS,
  DIVIPOLA_COUNTS,
  findMunicipality,
  findMunicipalityByName,
  municipalitiesOf,
} from './divipola.js';

/**
 * Names as DANE writes them that the open-data copy of DIVIPOLA has without their accents (or misspelt): corrected
 * by hand in divipola.json. A shopper reads these in the checkout's list, the receipt and the emails.
 */
const CORRECTED: Record<string, string> = {
  '05044': 'Anzá',
  '05264': 'Entrerríos',
  '05360': 'Itagüí',
  '05665': 'San Pedro de Urabá',
  '13670': 'San Pablo',
  '15296': 'Gámeza',
  '15842': 'Úmbita',
  '18094': 'Belén de los Andaquíes',
  '19318': 'Guapí',
  '19760': 'Sotará',
  '19821': 'Toribío',
  '25151': 'Cáqueza',
  '25279': 'Fómeque',
  '25293': 'Gachalá',
  '25328': 'Guayabal de Síquima',
  '25426': 'Machetá',
  '25843': 'Villa de San Diego de Ubaté',
  '27025': 'Alto Baudó',
  '27099': 'Bojayá',
  '27150': 'Carmen del Darién',
  '41357': 'Íquira',
  '44090': 'Dibulla',
  '47258': 'El Piñón',
  '47660': 'Sabanas de San Ángel',
  '50006': 'Acacías',
  '54003': 'Ábrego',
  '68298': 'Gámbita',
  '68406': 'Lebrija',
  '73148': 'Carmen de Apicalá',
  '73616': 'Rioblanco',
  '86865': 'Valle del Guamuez',
  '91460': 'Mirití Paraná',
  '97161': 'Carurú',
};

describe('DIVIPOLA', () => {
  it('has the 33 departments and 1,123 municipalities', () => {
    expect(DIVIPOLA_COUNTS).toEqual({ departments: 33, municipalities: 1123 });
    expect(DEPARTMENTS).toHaveLength(33);
  });

  it('writes the names the open-data copy gets wrong as DANE does', () => {
    for (const [code, name] of Object.entries(CORRECTED))
      expect(findMunicipality(code.slice(0, 2), code)?.name, code).toBe(name);
  });

  it('finds a corrected name however it is typed (accents and case ignored)', () => {
    expect(findMunicipalityByName('54', 'abrego')?.name).toBe('Ábrego');
    expect(findMunicipalityByName('05', 'ITAGUI')?.name).toBe('Itagüí');
  });

  it('has no two municipalities of a department with the same name', () => {
    for (const d of DEPARTMENTS) {
      const names = municipalitiesOf(d.code).map((m) => m.name);
      expect(new Set(names).size, d.name).toBe(names.length);
    }
  });
});
