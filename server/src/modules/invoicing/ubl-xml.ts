import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { money, type AmountLine, type DocumentAmounts } from './document-amounts.js';
import type { ElectronicDocument } from './electronic-document.js';
import { customerParty, DIAN_AGENCY, supplierParty } from './ubl-parties.js';

/** Namespaces of UBL 2.1 and of the DIAN's extension. */
export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  attached: 'urn:oasis:names:specification:ubl:schema:xsd:AttachedDocument-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sts: 'dian:gov:co:facturaelectronica:Structures-2-1',
} as const;

const COP = { currencyID: 'COP' };
const UNIT = { unitCode: '94' };
/** The DIAN itself, which authorises the software (AuthorizationProvider). */
const DIAN_NIT = '800197268';

function amount(parent: XMLBuilder, name: string, cents: number) {
  parent.ele(name, COP).txt(money(cents));
}

/**
 * sts:DianExtensions: the numbering resolution (InvoiceControl, invoices only), the country of issue, the software
 * and its security code, the DIAN as authoriser and the QR text.
 */
function dianExtensions(root: XMLBuilder, d: ElectronicDocument) {
  const ext = root
    .ele('ext:UBLExtensions')
    .ele('ext:UBLExtension')
    .ele('ext:ExtensionContent')
    .ele('sts:DianExtensions');
  if (d.numbering) {
    const control = ext.ele('sts:InvoiceControl');
    control.ele('sts:InvoiceAuthorization').txt(d.numbering.resolutionNumber);
    const period = control.ele('sts:AuthorizationPeriod');
    period.ele('cbc:StartDate').txt(d.numbering.validFrom);
    period.ele('cbc:EndDate').txt(d.numbering.validTo);
    const authorized = control.ele('sts:AuthorizedInvoices');
    authorized.ele('sts:Prefix').txt(d.numbering.prefix);
    authorized.ele('sts:From').txt(String(d.numbering.from));
    authorized.ele('sts:To').txt(String(d.numbering.to));
  }
  ext
    .ele('sts:InvoiceSource')
    .ele('cbc:IdentificationCode', {
      listAgencyID: '6',
      listAgencyName: 'United Nations Economic Commission for Europe',
      listSchemeURI: 'urn:oasis:names:specification:ubl:codelist:gc:CountryIdentificationCode-2.1',
    })
    .txt('CO');
  const provider = ext.ele('sts:SoftwareProvider');
  provider
    .ele('sts:ProviderID', { ...DIAN_AGENCY, schemeID: d.software.providerNit.checkDigit, schemeName: '31' })
    .txt(d.software.providerNit.number);
  provider.ele('sts:SoftwareID', DIAN_AGENCY).txt(d.software.id);
  ext.ele('sts:SoftwareSecurityCode', DIAN_AGENCY).txt(d.securityCode);
  ext
    .ele('sts:AuthorizationProvider')
    .ele('sts:AuthorizationProviderID', { ...DIAN_AGENCY, schemeID: '4', schemeName: '31' })
    .txt(DIAN_NIT);
  ext.ele('sts:QRCode').txt(d.qrText);
}

function taxTotal(parent: XMLBuilder, base: number, tax: number, percent: number) {
  const total = parent.ele('cac:TaxTotal');
  amount(total, 'cbc:TaxAmount', tax);
  const sub = total.ele('cac:TaxSubtotal');
  amount(sub, 'cbc:TaxableAmount', base);
  amount(sub, 'cbc:TaxAmount', tax);
  const category = sub.ele('cac:TaxCategory');
  category.ele('cbc:Percent').txt(percent.toFixed(2));
  category.ele('cac:TaxScheme').ele('cbc:ID').txt('01').up().ele('cbc:Name').txt('IVA');
}

function monetaryTotal(parent: XMLBuilder, name: string, a: DocumentAmounts) {
  const total = parent.ele(name);
  amount(total, 'cbc:LineExtensionAmount', a.lineExtension);
  amount(total, 'cbc:TaxExclusiveAmount', a.taxable);
  amount(total, 'cbc:TaxInclusiveAmount', a.taxInclusive);
  amount(total, 'cbc:AllowanceTotalAmount', 0);
  amount(total, 'cbc:ChargeTotalAmount', 0);
  amount(total, 'cbc:PrepaidAmount', 0);
  amount(total, 'cbc:PayableRoundingAmount', a.rounding);
  amount(total, 'cbc:PayableAmount', a.payable);
}

/** One InvoiceLine or CreditNoteLine: quantity, base, the discount as an allowance, IVA, item and unit price. */
function documentLine(
  parent: XMLBuilder,
  kind: 'Invoice' | 'CreditNote',
  index: number,
  l: AmountLine,
  percent: number,
) {
  const line = parent.ele(kind === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine');
  line.ele('cbc:ID').txt(String(index + 1));
  line.ele(kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', UNIT).txt(l.quantity.toFixed(2));
  amount(line, 'cbc:LineExtensionAmount', l.base);
  const allowance = () => {
    if (l.allowance === 0) return;
    const ac = line.ele('cac:AllowanceCharge');
    ac.ele('cbc:ID').txt('1');
    ac.ele('cbc:ChargeIndicator').txt('false');
    ac.ele('cbc:AllowanceChargeReason').txt('Descuento');
    ac.ele('cbc:MultiplierFactorNumeric').txt(((l.allowance * 100) / l.gross).toFixed(2));
    amount(ac, 'cbc:Amount', l.allowance);
    amount(ac, 'cbc:BaseAmount', l.gross);
  };
  // UBL 2.1 orders them differently in the two documents.
  if (kind === 'Invoice') allowance();
  if (percent > 0) taxTotal(line, l.base, l.tax, percent);
  if (kind === 'CreditNote') allowance();
  const item = line.ele('cac:Item');
  item.ele('cbc:Description').txt(l.description);
  item.ele('cac:StandardItemIdentification').ele('cbc:ID', { schemeID: '999' }).txt(l.code);
  const price = line.ele('cac:Price');
  amount(price, 'cbc:PriceAmount', l.unitPrice);
  price.ele('cbc:BaseQuantity', UNIT).txt('1.00');
}

/** The UBL 2.1 Invoice (type 01) or CreditNote (type 91) of a prepared document, as the DIAN annex lays it out. */
export function ublXml(d: ElectronicDocument): string {
  const invoice = d.kind === 'INVOICE';
  const kind = invoice ? 'Invoice' : 'CreditNote';
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(
    invoice ? NS.invoice : NS.creditNote,
    kind,
    { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc, 'xmlns:ext': NS.ext, 'xmlns:sts': NS.sts },
  );
  dianExtensions(root, d);
  root.ele('cbc:UBLVersionID').txt('UBL 2.1');
  root.ele('cbc:CustomizationID').txt(invoice ? '10' : '20');
  root
    .ele('cbc:ProfileID')
    .txt(invoice ? 'DIAN 2.1: Factura Electrónica de Venta' : 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta');
  root.ele('cbc:ProfileExecutionID').txt(d.environment);
  root.ele('cbc:ID').txt(d.id);
  root
    .ele('cbc:UUID', { schemeID: d.environment, schemeName: invoice ? 'CUFE-SHA384' : 'CUDE-SHA384' })
    .txt(d.uniqueCode);
  root.ele('cbc:IssueDate').txt(d.date);
  root.ele('cbc:IssueTime').txt(d.time);
  if (invoice) root.ele('cbc:InvoiceTypeCode').txt('01');
  else root.ele('cbc:CreditNoteTypeCode').txt('91');
  if (d.note) root.ele('cbc:Note').txt(d.note);
  root.ele('cbc:DocumentCurrencyCode').txt('COP');
  root.ele('cbc:LineCountNumeric').txt(String(d.amounts.lines.length));
  if (d.corrects) {
    const discrepancy = root.ele('cac:DiscrepancyResponse');
    discrepancy.ele('cbc:ReferenceID').txt(d.corrects.id);
    discrepancy.ele('cbc:ResponseCode').txt(d.corrects.responseCode);
    discrepancy.ele('cbc:Description').txt(d.corrects.description);
  }
  root.ele('cac:OrderReference').ele('cbc:ID').txt(d.orderReference);
  if (d.corrects) {
    const ref = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    ref.ele('cbc:ID').txt(d.corrects.id);
    ref.ele('cbc:UUID', { schemeName: 'CUFE-SHA384' }).txt(d.corrects.uniqueCode);
    ref.ele('cbc:IssueDate').txt(d.corrects.issueDate);
  }
  supplierParty(root, d.issuer, d.prefix);
  customerParty(root, d.buyer);
  const means = root.ele('cac:PaymentMeans');
  means.ele('cbc:ID').txt('1');
  means.ele('cbc:PaymentMeansCode').txt(d.paymentMeansCode);
  means.ele('cbc:PaymentDueDate').txt(d.date);
  if (d.amounts.taxPercent > 0) taxTotal(root, d.amounts.taxable, d.amounts.tax, d.amounts.taxPercent);
  monetaryTotal(root, invoice ? 'cac:LegalMonetaryTotal' : 'cac:LegalMonetaryTotal', d.amounts);
  d.amounts.lines.forEach((l, i) => documentLine(root, kind, i, l, d.amounts.taxPercent));
  return root.end({ prettyPrint: true });
}
