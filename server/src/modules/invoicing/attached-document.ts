import { create } from 'xmlbuilder2';
import { shopDateTime } from '#shared/shop-time.js';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { ElectronicDocument } from './electronic-document.js';
import { DIAN_AGENCY } from './ubl-parties.js';
import { NS } from './ubl-xml.js';

/** How the DIAN answered: its validation code and when. */
export interface DianVerdict {
  /** 02: validated by the DIAN. */
  code: string;
  at: Date;
}

function party(parent: XMLBuilder, name: string, registrationName: string, id: string, attrs: Record<string, string>) {
  const pts = parent.ele(name).ele('cac:PartyTaxScheme');
  pts.ele('cbc:RegistrationName').txt(registrationName);
  pts.ele('cbc:CompanyID', attrs).txt(id);
  pts.ele('cbc:TaxLevelCode').txt('R-99-PN');
  pts.ele('cac:TaxScheme').ele('cbc:ID').txt('01').up().ele('cbc:Name').txt('IVA');
}

/**
 * The AttachedDocument the buyer receives: the document's XML as the DIAN validated it, with the DIAN's verdict
 * (ResultOfVerification), between the issuer and the buyer.
 */
export function attachedDocumentXml(d: ElectronicDocument, documentXml: string, verdict: DianVerdict): string {
  const root = create({ version: '1.0', encoding: 'UTF-8', standalone: false }).ele(NS.attached, 'AttachedDocument', {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ext': NS.ext,
  });
  const invoice = d.kind === 'INVOICE';
  root.ele('cbc:UBLVersionID').txt('UBL 2.1');
  root.ele('cbc:CustomizationID').txt('Documentos adjuntos');
  root.ele('cbc:ProfileID').txt('Factura Electrónica de Venta');
  root.ele('cbc:ProfileExecutionID').txt(d.environment);
  root.ele('cbc:ID').txt(d.id);
  root.ele('cbc:IssueDate').txt(d.date);
  root.ele('cbc:IssueTime').txt(d.time);
  root.ele('cbc:DocumentType').txt('Contenedor de Factura Electrónica');
  root.ele('cbc:ParentDocumentID').txt(d.id);
  party(root, 'cac:SenderParty', d.issuer.legalName, d.issuer.nit.number, {
    ...DIAN_AGENCY,
    schemeID: d.issuer.nit.checkDigit,
    schemeName: '31',
  });
  party(root, 'cac:ReceiverParty', d.buyer.name, d.buyer.identification, {
    ...DIAN_AGENCY,
    ...(d.buyer.checkDigit !== null ? { schemeID: d.buyer.checkDigit } : {}),
    schemeName: d.buyer.identificationType,
  });
  const external = root.ele('cac:Attachment').ele('cac:ExternalReference');
  external.ele('cbc:MimeCode').txt('text/xml');
  external.ele('cbc:EncodingCode').txt('UTF-8');
  external.ele('cbc:Description').dat(documentXml);
  const line = root.ele('cac:ParentDocumentLineReference');
  line.ele('cbc:LineID').txt('1');
  const reference = line.ele('cac:DocumentReference');
  reference.ele('cbc:ID').txt(d.id);
  reference.ele('cbc:UUID', { schemeName: invoice ? 'CUFE-SHA384' : 'CUDE-SHA384' }).txt(d.uniqueCode);
  reference.ele('cbc:IssueDate').txt(d.date);
  reference.ele('cbc:DocumentType').txt('ApplicationResponse');
  const result = reference.ele('cac:ResultOfVerification');
  const when = shopDateTime(verdict.at);
  result.ele('cbc:ValidatorID').txt('Unidad Especial Dirección de Impuestos y Aduanas Nacionales');
  result.ele('cbc:ValidationResultCode').txt(verdict.code);
  result.ele('cbc:ValidationDate').txt(when.date);
  result.ele('cbc:ValidationTime').txt(when.time);
  return root.end({ prettyPrint: true });
}
