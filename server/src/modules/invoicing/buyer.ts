import type { DocumentTypeValue, PaymentMethodValue } from '#shared/orders.js';
import { nitCheckDigit } from '#shared/nit.js';
import type { Buyer } from './electronic-document.js';

/** DIAN identification types of the documents checkout asks for. */
export const DIAN_ID_TYPES: Record<DocumentTypeValue, string> = {
  CC: '13',
  CE: '22',
  NIT: '31',
  PP: '41',
  TI: '12',
};

/** The buyer who gives no document: the DIAN's final consumer. */
export const FINAL_CONSUMER = { identification: '222222222222', identificationType: '13', name: 'Consumidor final' };

export interface OrderBuyer {
  fullName: string;
  email: string;
  phone: string;
  documentType: DocumentTypeValue;
  documentNumber: string;
  address: string;
  departmentCode: string;
  departmentName: string;
  municipalityCode: string;
  municipalityName: string;
}

/**
 * The buyer of an order's documents, from what the shopper gave at checkout: their document with its DIAN type (a
 * NIT keeps the check digit written after a dash, which the DIAN checks, or gets the computed one), or the final
 * consumer when there is none.
 */
export function buyerOf(order: OrderBuyer): Buyer {
  const number = order.documentNumber.trim();
  const address = {
    line: order.address,
    departmentCode: order.departmentCode,
    departmentName: order.departmentName,
    municipalityCode: order.municipalityCode,
    municipalityName: order.municipalityName,
  };
  if (!number || number === FINAL_CONSUMER.identification)
    return {
      name: FINAL_CONSUMER.name,
      identificationType: FINAL_CONSUMER.identificationType,
      identification: FINAL_CONSUMER.identification,
      checkDigit: null,
      organizationType: '2',
      finalConsumer: true,
      email: order.email,
      phone: order.phone,
      address: null,
    };
  const nit = order.documentType === 'NIT' ? /^(\d+)(?:-(\d))?$/.exec(number) : null;
  return {
    name: order.fullName,
    identificationType: DIAN_ID_TYPES[order.documentType],
    identification: nit ? nit[1]! : number,
    checkDigit: nit ? (nit[2] ?? nitCheckDigit(nit[1]!)) : null,
    organizationType: order.documentType === 'NIT' ? '1' : '2',
    finalConsumer: false,
    email: order.email,
    phone: order.phone,
    address,
  };
}

/** DIAN PaymentMeansCode of how the order was paid. */
const PAYMENT_MEANS: Record<PaymentMethodValue, string> = {
  CARD: '48',
  PSE: '47',
  NEQUI: '47',
  BANCOLOMBIA_TRANSFER: '47',
  BANCOLOMBIA_QR: '47',
  DAVIPLATA: '47',
  BANCOLOMBIA_COLLECT: '42',
  PCOL: 'ZZZ',
  BANCOLOMBIA_BNPL: 'ZZZ',
  CASH_ON_DELIVERY: '10',
};

export function paymentMeansCode(method: PaymentMethodValue): string {
  return PAYMENT_MEANS[method];
}
