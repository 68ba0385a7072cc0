import { nitCheckDigit } from '#shared/nit.js';
import { money } from './document-amounts.js';
import { cude, cufe, softwareSecurityCode } from './unique-code.js';
import { at, centsOf, children, parseXml, textAt, type XmlElement } from './xml-reader.js';

/** Why a document is refused: a rule code in the DIAN's style and a Spanish explanation. */
export interface Reason {
  code: string;
  message: string;
}

/**
 * The rules the built-in sandbox checks, as the DIAN checks them on what it receives (codes in the DIAN's style:
 * FA… for invoices, CA… for credit notes; README «Facturación electrónica» lists them):
 *   FAJ24 / FAK24  the issuer's / a NIT buyer's check digit
 *   FAB02          an invoice without its numbering resolution (InvoiceControl)
 *   FAB05b         the number's prefix is not the resolution's
 *   FAB07b         the number is outside the authorised range
 *   FAB10b         issued outside the resolution's validity
 *   FAD09e         issued after it was received (dated in the future)
 *   FAB27b         the software security code
 *   FAD06 / CAD06  the CUFE / CUDE recomputed from the document
 *   FAV07          a line's base is not quantity × price − allowances
 *   FAX05          a line's IVA is not its base × its rate
 *   FAS07          the document's IVA is not the sum of its lines'
 *   FAU02 … FAU14  LegalMonetaryTotal: each total is the sum the annex defines
 *   FAD15          LineCountNumeric is not the number of lines
 *   CBG02 / CBG03  a credit note without a reference, or referencing no invoice the DIAN accepted
 */
export interface DianContext {
  /** The technical key of the resolution the issuer registered (CUFE). */
  technicalKey: string | null;
  softwareId: string;
  softwarePin: string;
  now: Date;
  /** Whether `uniqueCode` is an invoice the DIAN (this sandbox) accepted. */
  acceptedInvoice(uniqueCode: string): Promise<boolean>;
}

const r = (code: string, message: string): Reason => ({ code, message });

/** Taxes by scheme at document level: IVA (01), INC (04), ICA (03). */
function taxesByScheme(root: XmlElement): Map<string, number> {
  const sums = new Map<string, number>([
    ['01', 0],
    ['04', 0],
    ['03', 0],
  ]);
  for (const total of children(root, 'cac:TaxTotal'))
    for (const sub of children(total, 'cac:TaxSubtotal')) {
      const scheme = textAt(sub, 'cac:TaxCategory', 'cac:TaxScheme', 'cbc:ID');
      sums.set(scheme, (sums.get(scheme) ?? 0) + centsOf(textAt(sub, 'cbc:TaxAmount')));
    }
  return sums;
}

function checkDigits(root: XmlElement, reasons: Reason[]) {
  const issuerId = at(root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
  const nit = issuerId?.textContent?.trim() ?? '';
  if (!/^\d{6,15}$/.test(nit) || issuerId?.getAttribute('schemeID') !== nitCheckDigit(nit))
    reasons.push(r('FAJ24', `El dígito de verificación del NIT del emisor (${nit}) no es correcto.`));
  const buyerId = at(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
  if (buyerId?.getAttribute('schemeName') === '31') {
    const number = buyerId.textContent?.trim() ?? '';
    if (!/^\d{6,15}$/.test(number) || buyerId.getAttribute('schemeID') !== nitCheckDigit(number))
      reasons.push(r('FAK24', `El dígito de verificación del NIT del adquiriente (${number}) no es correcto.`));
  }
}

function checkNumbering(root: XmlElement, id: string, issueDate: string, reasons: Reason[]) {
  const control = at(
    root,
    'ext:UBLExtensions',
    'ext:UBLExtension',
    'ext:ExtensionContent',
    'sts:DianExtensions',
    'sts:InvoiceControl',
  );
  if (!control) return void reasons.push(r('FAB02', 'La factura no informa su resolución de numeración.'));
  const prefix = textAt(control, 'sts:AuthorizedInvoices', 'sts:Prefix');
  const from = Number(textAt(control, 'sts:AuthorizedInvoices', 'sts:From'));
  const to = Number(textAt(control, 'sts:AuthorizedInvoices', 'sts:To'));
  if (!id.startsWith(prefix) || !/^\d+$/.test(id.slice(prefix.length)))
    return void reasons.push(r('FAB05b', `El número ${id} no lleva el prefijo ${prefix} de la resolución.`));
  const number = Number(id.slice(prefix.length));
  if (!(number >= from && number <= to))
    reasons.push(r('FAB07b', `El número ${number} está fuera del rango autorizado (${from} a ${to}).`));
  const start = textAt(control, 'sts:AuthorizationPeriod', 'cbc:StartDate');
  const end = textAt(control, 'sts:AuthorizationPeriod', 'cbc:EndDate');
  if (issueDate < start || issueDate > end)
    reasons.push(
      r('FAB10b', `La fecha de emisión ${issueDate} está fuera de la vigencia de la resolución (${start} a ${end}).`),
    );
}

function checkLines(root: XmlElement, lineName: 'cac:InvoiceLine' | 'cac:CreditNoteLine', reasons: Reason[]) {
  const quantityName = lineName === 'cac:InvoiceLine' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity';
  const lines = children(root, lineName);
  let bases = 0;
  let taxed = 0;
  let taxes = 0;
  for (const line of lines) {
    const n = textAt(line, 'cbc:ID');
    const base = centsOf(textAt(line, 'cbc:LineExtensionAmount'));
    const price = centsOf(textAt(line, 'cac:Price', 'cbc:PriceAmount'));
    const quantity = Number(textAt(line, quantityName));
    const allowances = children(line, 'cac:AllowanceCharge')
      .map((ac) => (textAt(ac, 'cbc:ChargeIndicator') === 'true' ? -1 : 1) * centsOf(textAt(ac, 'cbc:Amount')))
      .reduce((a, b) => a + b, 0);
    if (!Number.isInteger(quantity) || base !== quantity * price - allowances)
      reasons.push(
        r('FAV07', `Línea ${n}: su valor (${money(base)}) no es la cantidad por el precio menos los descuentos.`),
      );
    bases += base;
    for (const sub of children(line, 'cac:TaxTotal').flatMap((t) => children(t, 'cac:TaxSubtotal'))) {
      const percent = Number(textAt(sub, 'cac:TaxCategory', 'cbc:Percent'));
      const taxable = centsOf(textAt(sub, 'cbc:TaxableAmount'));
      const tax = centsOf(textAt(sub, 'cbc:TaxAmount'));
      if (taxable !== base || tax !== Math.floor((2 * taxable * percent + 100) / 200))
        reasons.push(r('FAX05', `Línea ${n}: el IVA (${money(tax)}) no es su base por la tarifa del ${percent} %.`));
      taxed += taxable;
      taxes += tax;
    }
  }
  return { count: lines.length, bases, taxed, taxes };
}

function checkTotals(root: XmlElement, lines: ReturnType<typeof checkLines>, reasons: Reason[]) {
  const total = at(root, 'cac:LegalMonetaryTotal');
  const get = (name: `cbc:${string}`) => centsOf(textAt(total, name as never) || '0.00');
  const docTaxes = taxesByScheme(root);
  const allTaxes = [...docTaxes.values()].reduce((a, b) => a + b, 0);
  if (Number(textAt(root, 'cbc:LineCountNumeric')) !== lines.count)
    reasons.push(r('FAD15', `LineCountNumeric no coincide con las ${lines.count} líneas del documento.`));
  if (docTaxes.get('01') !== lines.taxes)
    reasons.push(
      r(
        'FAS07',
        `El IVA del documento (${money(docTaxes.get('01')!)}) no es la suma del de sus líneas (${money(lines.taxes)}).`,
      ),
    );
  if (get('cbc:LineExtensionAmount') !== lines.bases)
    reasons.push(r('FAU02', 'LineExtensionAmount no es la suma de los valores de las líneas.'));
  if (get('cbc:TaxExclusiveAmount') !== lines.taxed)
    reasons.push(r('FAU04', 'TaxExclusiveAmount no es la suma de las bases gravables.'));
  if (get('cbc:TaxInclusiveAmount') !== get('cbc:LineExtensionAmount') + allTaxes)
    reasons.push(r('FAU06', 'TaxInclusiveAmount no es el valor bruto más los impuestos.'));
  const payable =
    get('cbc:TaxInclusiveAmount') -
    get('cbc:AllowanceTotalAmount') +
    get('cbc:ChargeTotalAmount') -
    get('cbc:PrepaidAmount') +
    get('cbc:PayableRoundingAmount');
  if (get('cbc:PayableAmount') !== payable)
    reasons.push(
      r('FAU14', `PayableAmount no es el total con impuestos, descuentos, cargos y redondeo (${money(payable)}).`),
    );
  return docTaxes;
}

/** Every rule `xml` breaks (empty: the DIAN would accept it). */
export async function dianReview(xml: string, ctx: DianContext): Promise<Reason[]> {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    return [r('ZB01', 'El documento no es un XML bien formado.')];
  }
  const invoice = root.localName === 'Invoice';
  if (!invoice && root.localName !== 'CreditNote')
    return [r('ZB02', `Un ${root.localName} no es una factura ni una nota crédito.`)];
  const reasons: Reason[] = [];
  const id = textAt(root, 'cbc:ID');
  const issueDate = textAt(root, 'cbc:IssueDate');
  const issueTime = textAt(root, 'cbc:IssueTime');
  const environment = textAt(root, 'cbc:ProfileExecutionID');
  checkDigits(root, reasons);
  if (invoice) checkNumbering(root, id, issueDate, reasons);
  if (new Date(`${issueDate}T${issueTime}`).getTime() > ctx.now.getTime() + 5 * 60_000)
    reasons.push(r('FAD09e', `La fecha de emisión (${issueDate} ${issueTime}) es posterior a la de recepción.`));
  const dian = at(root, 'ext:UBLExtensions', 'ext:UBLExtension', 'ext:ExtensionContent', 'sts:DianExtensions');
  if (textAt(dian, 'sts:SoftwareSecurityCode') !== softwareSecurityCode(ctx.softwareId, ctx.softwarePin, id))
    reasons.push(r('FAB27b', 'El código de seguridad del software no corresponde al software registrado.'));
  const lines = checkLines(root, invoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine', reasons);
  const taxes = checkTotals(root, lines, reasons);
  const issuerNit = textAt(root, 'cac:AccountingSupplierParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
  const buyerId = textAt(root, 'cac:AccountingCustomerParty', 'cac:Party', 'cac:PartyTaxScheme', 'cbc:CompanyID');
  const input = {
    number: id,
    date: issueDate,
    time: issueTime,
    lineExtension: textAt(root, 'cac:LegalMonetaryTotal', 'cbc:LineExtensionAmount'),
    iva: money(taxes.get('01')!),
    inc: money(taxes.get('04')!),
    ica: money(taxes.get('03')!),
    payable: textAt(root, 'cac:LegalMonetaryTotal', 'cbc:PayableAmount'),
    issuerNit,
    buyerId,
    environment: environment as '1' | '2',
  };
  const expected = invoice ? (ctx.technicalKey ? cufe(input, ctx.technicalKey) : '') : cude(input, ctx.softwarePin);
  if (textAt(root, 'cbc:UUID') !== expected)
    reasons.push(
      invoice
        ? r('FAD06', 'El CUFE no corresponde a los datos de la factura y a la clave técnica de la resolución.')
        : r('CAD06', 'El CUDE no corresponde a los datos de la nota crédito y al PIN del software.'),
    );
  if (!invoice) {
    const reference = textAt(root, 'cac:BillingReference', 'cac:InvoiceDocumentReference', 'cbc:UUID');
    if (!reference) reasons.push(r('CBG02', 'La nota crédito no informa la factura que corrige.'));
    else if (!(await ctx.acceptedInvoice(reference)))
      reasons.push(r('CBG03', 'La factura que corrige la nota crédito no fue aceptada por la DIAN.'));
  }
  return reasons;
}
