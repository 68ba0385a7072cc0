import type { StaffOrderFieldsFragment } from '../features/staff-orders';
import type { StaffProductFieldsFragment } from '../features/staff-catalog';
import type { OrderStatus } from '../gql/types';

type Move = StaffOrderFieldsFragment['allowedMoves'][number];

/** A step as the server describes it (from the order lifecycle); the defaults are a paid order's. */
export function orderMove(to: OrderStatus, overrides: Partial<Move> = {}): Move & { __typename: 'OrderMove' } {
  const known: Partial<Record<OrderStatus, Omit<Move, 'to'>>> = {
    EN_PREPARACION: {
      label: 'En preparación',
      requires: [],
      consequences: ['El cliente recibe un correo.'],
      confirm: null,
    },
    ENVIADO: {
      label: 'Enviado',
      requires: ['CARRIER', 'TRACKING_NUMBER'],
      consequences: ['Pide la transportadora y el número de guía.', 'El cliente recibe un correo.'],
      confirm: null,
    },
    ENTREGADO: { label: 'Entregado', requires: [], consequences: ['El cliente recibe un correo.'], confirm: null },
    CANCELADO: {
      label: 'Cancelado',
      requires: [],
      consequences: [
        'Las unidades de la orden vuelven al inventario.',
        'Quedará marcada con reembolso pendiente de $ 132.500.',
        'El cliente recibe un correo.',
      ],
      confirm: '¿Cancelar esta orden? Esta acción no se puede deshacer.',
    },
  };
  const base = known[to] ?? { label: to, requires: [], consequences: [], confirm: null };
  return { __typename: 'OrderMove', to, ...base, ...overrides };
}

/** A staff order as the StaffOrderFields fragment returns it (typed by the generated document). */
export function staffOrder(
  overrides: Partial<StaffOrderFieldsFragment> & { status?: OrderStatus } = {},
): StaffOrderFieldsFragment & { __typename: 'StaffOrder' } {
  // Nested objects carry their __typename as the server sends them (the generated types leave it out).
  const order = {
    __typename: 'StaffOrder' as const,
    id: '41',
    reference: 'ENZ-7K3Q9D',
    status: 'PAGADO' as OrderStatus,
    createdAt: '2026-11-20T15:00:00.000Z',
    paymentMethod: 'CARD' as StaffOrderFieldsFragment['paymentMethod'],
    transactionId: 'tx-1',
    subtotal: 116_000,
    discount: 0,
    discountCode: null,
    shipping: 16_500,
    ivaIncluded: 21_156,
    total: 132_500,
    paymentFee: 0,
    cashCollectedAt: null,
    cashCollectedBy: null,
    canMarkCashCollected: false,
    confirmBy: null,
    flags: [],
    refundPending: false,
    refunded: 0,
    netPaid: 132_500,
    refunds: [],
    carrier: null,
    trackingNumber: null,
    allowedTransitions: ['EN_PREPARACION', 'CANCELADO'] as OrderStatus[],
    allowedMoves: [orderMove('EN_PREPARACION'), orderMove('CANCELADO')],
    customer: {
      __typename: 'StaffCustomer',
      fullName: 'Valentina Ñáñez Ortiz',
      email: 'valentina@correo.com',
      phone: '3104567890',
      documentType: 'CC',
      documentNumber: '52123456',
    },
    shippingAddress: {
      __typename: 'ShippingAddress',
      departmentName: 'Antioquia',
      municipalityName: 'Medellín',
      address: 'Cra. 43A # 1-50',
      neighborhood: 'El Poblado',
    },
    lines: [
      {
        __typename: 'OrderLine',
        productId: '7',
        name: 'Collar de cuero Miel',
        sizeLabel: 'M',
        unitPrice: 58_000,
        quantity: 2,
        lineTotal: 116_000,
        discount: 0,
        imageUrl: null,
      },
    ],
    payments: [],
    timeline: [
      {
        __typename: 'OrderTransition',
        from: null,
        to: 'PENDIENTE_PAGO' as const,
        at: '2026-11-20T15:00:00.000Z',
        actor: 'cliente',
        note: 'Orden creada',
        event: null,
      },
    ],
  };
  return { ...(order as StaffOrderFieldsFragment & { __typename: 'StaffOrder' }), ...overrides };
}

/** A staff product as the StaffProductFields fragment returns it. */
export function staffProduct(
  overrides: Partial<StaffProductFieldsFragment> = {},
): StaffProductFieldsFragment & { __typename: 'StaffProduct' } {
  const product = {
    __typename: 'StaffProduct',
    id: '77',
    slug: 'collar-cuero-cafe',
    name: 'Collar Cuero Café',
    description: 'Collar de cuero café con hebilla de latón, cosido a mano.',
    price: 85_000,
    active: true,
    archived: false,
    archivedAt: null,
    collections: [],
    pets: ['DOG', 'CAT'],
    path: '/collares/77/collar-cuero-cafe',
    formerPaths: [],
    category: { __typename: 'CategoryRef', slug: 'collares', name: 'Collares' },
    sizes: [{ __typename: 'StaffProductSize', id: '900', label: 'M', sku: 'ENZ-77-M', stock: 6, reserved: 0 }],
    images: [],
    sizeGuide: null,
  };
  return { ...product, ...overrides } as StaffProductFieldsFragment & { __typename: 'StaffProduct' };
}

/** A server refusal of one field, as GraphQL sends it. */
export function fieldRefusal(field: string, message: string) {
  const errors = [{ __typename: 'FieldError' as const, field, message }];
  return { __typename: 'ValidationErrors' as const, message, errors };
}

export const CATEGORIES = [
  { __typename: 'Category' as const, slug: 'collares', name: 'Collares' },
  { __typename: 'Category' as const, slug: 'correas', name: 'Correas' },
  { __typename: 'Category' as const, slug: 'chaquetas', name: 'Chaquetas (Denim For Pets)' },
];
