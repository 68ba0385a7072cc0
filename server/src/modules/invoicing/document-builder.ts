import type { EntityManager } from 'typeorm';
import { shopDate } from '#shared/shop-time.js';
import { DiscountCodeEntity } from '../discounts/index.js';
import type { LegalProfile } from '../legal/index.js';
import { OrderEntity, OrderLineEntity } from '../orders/index.js';
import { buyerOf, paymentMeansCode } from './buyer.js';
import { documentAmounts } from './document-amounts.js';
import { documentNumber, type DocumentRow } from './document-row.js';
import { invoiceSource, refundSource, type OrderCharges } from './document-sources.js';
import { type DocumentDraft, type Issuer } from './electronic-document.js';

export interface BuilderSettings {
  softwareId: string;
  softwarePin: string;
  /** The shop's legal and tax identity as it stands (read in the caller's transaction). */
  legal(m: EntityManager): Promise<LegalProfile>;
}

/** What a document row says, as the order, its lines and the shop's legal settings spell it out. */
export class DocumentBuilder {
  constructor(private readonly settings: BuilderSettings) {}

  /** The order as its documents read it; a discount code limited to some categories discounts only those lines. */
  async charges(m: EntityManager, orderId: number): Promise<{ order: OrderEntity; charges: OrderCharges }> {
    const order = await m.findOneOrFail(OrderEntity, { where: { id: orderId } });
    const lines = await m.find(OrderLineEntity, { where: { orderId }, order: { position: 'ASC' } });
    const code = order.discountCode
      ? await m.findOne(DiscountCodeEntity, { where: { code: order.discountCode } })
      : null;
    const covered = (slug: string) => !code || code.categorySlugs.length === 0 || code.categorySlugs.includes(slug);
    return {
      order,
      charges: {
        lines: lines.map((l) => ({
          id: l.id,
          description: `${l.name} · Talla ${l.sizeLabel}`,
          code: `${l.productId ?? 'P'}-${l.sizeLabel}`,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          discountable: covered(l.categorySlug),
        })),
        discount: order.discount,
        shipping: order.shipping,
        paymentFee: order.paymentFee,
        total: order.total,
      },
    };
  }

  /** The draft of `doc` (numbered); a credit note also needs the invoice it corrects (issued). */
  async draft(m: EntityManager, doc: DocumentRow, invoice: DocumentRow | null): Promise<DocumentDraft> {
    const { order, charges } = await this.charges(m, doc.order_id);
    const legal = await this.settings.legal(m);
    const allUnits = new Map(charges.lines.map((l) => [l.id, l.quantity]));
    const source =
      doc.kind === 'INVOICE'
        ? invoiceSource(charges)
        : doc.credited_units
          ? refundSource(charges, new Map(doc.credited_units.map((u) => [u.orderLineId, u.quantity])), doc.amount)
          : doc.amount === order.total
            ? invoiceSource(charges)
            : refundSource(charges, allUnits, doc.amount);
    const issuer: Issuer = {
      legalName: legal.legalName,
      tradeName: legal.tradeName,
      nit: legal.nit,
      organizationType: legal.organizationType,
      taxRegime: legal.taxRegime,
      responsibilities: legal.taxResponsibilities,
      address: {
        line: legal.address,
        departmentCode: legal.departmentCode,
        departmentName: legal.departmentName,
        municipalityCode: legal.municipalityCode,
        municipalityName: legal.municipalityName,
        postalCode: legal.postalCode,
      },
      phone: legal.phone,
      email: legal.email,
    };
    const draft: DocumentDraft = {
      kind: doc.kind,
      prefix: doc.prefix ?? '',
      number: Number(doc.number),
      issuedAt: doc.issued_at,
      environment: doc.environment === 1 ? '1' : '2',
      issuer,
      buyer: buyerOf(order),
      amounts: documentAmounts(source, legal.taxRegime === 'RESPONSABLE_IVA' ? 19 : 0),
      paymentMeansCode: paymentMeansCode(order.paymentMethod),
      orderReference: order.reference,
      software: { id: this.settings.softwareId, pin: this.settings.softwarePin, providerNit: legal.nit },
    };
    if (doc.kind === 'INVOICE') {
      const n = doc.numbering!;
      return {
        ...draft,
        numbering: {
          resolutionNumber: n.resolutionNumber,
          prefix: n.prefix,
          from: n.from,
          to: n.to,
          validFrom: n.validFrom,
          validTo: n.validTo,
        },
      };
    }
    return {
      ...draft,
      corrects: {
        id: documentNumber(invoice!)!,
        uniqueCode: invoice!.unique_code!,
        issueDate: shopDate(invoice!.issued_at),
        responseCode: doc.return_id ? '1' : '2',
        description: doc.return_id
          ? `Devolución de productos del pedido ${order.reference}`
          : `Anulación: pedido ${order.reference} cancelado después del pago`,
      },
    };
  }
}
