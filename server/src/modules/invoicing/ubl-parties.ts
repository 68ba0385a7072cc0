import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Buyer, Issuer, PartyAddress } from './electronic-document.js';

/** The DIAN as the agency of identifiers (schemeAgencyID 195). */
export const DIAN_AGENCY = {
  schemeAgencyID: '195',
  schemeAgencyName: 'CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)',
};

/** TaxScheme of a party: 01 IVA for those responsible for it, ZZ (no aplica) otherwise. */
function taxScheme(parent: XMLBuilder, iva: boolean) {
  parent
    .ele('cac:TaxScheme')
    .ele('cbc:ID')
    .txt(iva ? '01' : 'ZZ')
    .up()
    .ele('cbc:Name')
    .txt(iva ? 'IVA' : 'No aplica')
    .up()
    .up();
}

/** UBL Address: DIVIPOLA municipality (ID), department (CountrySubentityCode), the street line and Colombia. */
export function address(parent: XMLBuilder, name: 'cac:Address' | 'cac:RegistrationAddress', a: PartyAddress) {
  const el = parent.ele(name);
  el.ele('cbc:ID').txt(a.municipalityCode);
  el.ele('cbc:CityName').txt(a.municipalityName);
  if (a.postalCode) el.ele('cbc:PostalZone').txt(a.postalCode);
  el.ele('cbc:CountrySubentity').txt(a.departmentName);
  el.ele('cbc:CountrySubentityCode').txt(a.departmentCode);
  el.ele('cac:AddressLine').ele('cbc:Line').txt(a.line);
  const country = el.ele('cac:Country');
  country.ele('cbc:IdentificationCode').txt('CO');
  country.ele('cbc:Name', { languageID: 'es' }).txt('Colombia');
}

/** AccountingSupplierParty: the shop, with its NIT and DV, responsibilities and address. */
export function supplierParty(parent: XMLBuilder, issuer: Issuer, registrationScheme: string) {
  const sp = parent.ele('cac:AccountingSupplierParty');
  sp.ele('cbc:AdditionalAccountID').txt(issuer.organizationType === 'JURIDICA' ? '1' : '2');
  const party = sp.ele('cac:Party');
  party.ele('cac:PartyName').ele('cbc:Name').txt(issuer.tradeName);
  address(party.ele('cac:PhysicalLocation'), 'cac:Address', issuer.address);
  const id = { ...DIAN_AGENCY, schemeID: issuer.nit.checkDigit, schemeName: '31' };
  const pts = party.ele('cac:PartyTaxScheme');
  pts.ele('cbc:RegistrationName').txt(issuer.legalName);
  pts.ele('cbc:CompanyID', id).txt(issuer.nit.number);
  pts.ele('cbc:TaxLevelCode', { listName: '48' }).txt(issuer.responsibilities.join(';'));
  address(pts, 'cac:RegistrationAddress', issuer.address);
  taxScheme(pts, issuer.taxRegime === 'RESPONSABLE_IVA');
  const legal = party.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(issuer.legalName);
  legal.ele('cbc:CompanyID', id).txt(issuer.nit.number);
  legal.ele('cac:CorporateRegistrationScheme').ele('cbc:ID').txt(registrationScheme);
  const contact = party.ele('cac:Contact');
  contact.ele('cbc:Telephone').txt(issuer.phone);
  contact.ele('cbc:ElectronicMail').txt(issuer.email);
}

/** AccountingCustomerParty: the buyer's identification with its DIAN type (the final consumer is 222222222222). */
export function customerParty(parent: XMLBuilder, buyer: Buyer) {
  const cp = parent.ele('cac:AccountingCustomerParty');
  cp.ele('cbc:AdditionalAccountID').txt(buyer.organizationType);
  const party = cp.ele('cac:Party');
  party.ele('cac:PartyIdentification').ele('cbc:ID', idAttributes(buyer)).txt(buyer.identification);
  party.ele('cac:PartyName').ele('cbc:Name').txt(buyer.name);
  if (buyer.address) address(party.ele('cac:PhysicalLocation'), 'cac:Address', buyer.address);
  const pts = party.ele('cac:PartyTaxScheme');
  pts.ele('cbc:RegistrationName').txt(buyer.name);
  pts.ele('cbc:CompanyID', idAttributes(buyer)).txt(buyer.identification);
  pts.ele('cbc:TaxLevelCode', { listName: '49' }).txt('R-99-PN');
  if (buyer.address) address(pts, 'cac:RegistrationAddress', buyer.address);
  taxScheme(pts, buyer.identificationType === '31');
  const legal = party.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(buyer.name);
  legal.ele('cbc:CompanyID', idAttributes(buyer)).txt(buyer.identification);
  if (!buyer.finalConsumer) {
    const contact = party.ele('cac:Contact');
    if (buyer.phone) contact.ele('cbc:Telephone').txt(buyer.phone);
    contact.ele('cbc:ElectronicMail').txt(buyer.email);
  }
}

function idAttributes(buyer: Buyer): Record<string, string> {
  return {
    ...DIAN_AGENCY,
    ...(buyer.checkDigit !== null ? { schemeID: buyer.checkDigit } : {}),
    schemeName: buyer.identificationType,
  };
}
