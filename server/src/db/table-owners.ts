/**
 * Which module owns each table (docs/arquitectura.md, «Cada módulo es dueño de sus tablas»).
 *
 * The owner is the only module (server/src/modules/<owner>) whose SQL and entity calls may write the
 * table; any other module that needs to change it calls a function the owner exports (for example
 * `reserveStock` from catalog, `takeDiscountUse` from discounts). Another module may read it only
 * through a read model listed in READ_MODELS below. `table-owners.test.ts` reads every SQL string and
 * entity use under server/src/modules and fails on anything else. graphile-worker's own schema is
 * outside this map: modules reach it through `common/jobs.ts`.
 */
/** The server modules (the folders of server/src/modules; a test keeps the two the same). */
export const MODULES = [
  'audit',
  'cache',
  'cart',
  'cash-on-delivery',
  'catalog',
  'channels',
  'content',
  'discounts',
  'invoicing',
  'legal',
  'mail',
  'media',
  'operations',
  'orders',
  'payments',
  'returns',
  'seo',
  'shipping',
  'staff',
  'team',
] as const;
export type ModuleName = (typeof MODULES)[number];

export const TABLE_OWNERS = {
  // catalog: the products shoppers browse, their sizes (the inventory) and pictures.
  category: 'catalog',
  category_product_count: 'catalog',
  product: 'catalog',
  product_image: 'catalog',
  product_size: 'catalog',
  product_slug_history: 'catalog',
  // The search's read model of the products above, kept by statement triggers on them: one narrow row per
  // product, the counts per filter option, and the words suggested while typing.
  product_search: 'catalog',
  product_facet_count: 'catalog',
  search_suggestion: 'catalog',
  search_term: 'catalog',
  shop_setting: 'catalog',

  // content: the home page's slides and promotions, and seasonal campaigns.
  campaign: 'content',
  home_slide: 'content',
  promo_block: 'content',

  media_asset: 'media',
  discount_code: 'discounts',

  shop_order: 'orders',
  order_line: 'orders',
  order_transition: 'orders',
  order_transaction: 'orders',
  payment_event: 'orders',

  gateway_event: 'payments',
  sandbox_session: 'payments',

  return_request: 'returns',
  return_line: 'returns',

  einvoice_document: 'invoicing',
  einvoice_numbering: 'invoicing',
  einvoice_settings: 'invoicing',

  outbound_email: 'mail',
  shipping_rate: 'shipping',
  shipping_settings: 'shipping',
  cash_on_delivery_settings: 'cash-on-delivery',
  legal_settings: 'legal',
  feed_image: 'channels',
  staff_member: 'team',
  // Entries are written by common/audit.ts inside the transaction of each module's change; the audit
  // module reads and prunes them.
  audit_entry: 'audit',
  alert_state: 'operations',
  backup_run: 'operations',
  operations_settings: 'operations',
  // Per-client request limits (rate-limiter-flexible's store): the composition root applies them to
  // every request before any module runs, so no module owns them and none may touch them.
  rate_limit: 'app',
} as const satisfies Record<string, ModuleName | 'app'>;

export type TableName = keyof typeof TABLE_OWNERS;

/**
 * A module reading another module's table: the owner's rows, read as they are, for a stated reason.
 * Never a write: a module that needs to change another's table calls a function the owner exports.
 */
export interface ReadModel {
  reader: ModuleName;
  table: TableName;
  why: string;
}

export const READ_MODELS: readonly ReadModel[] = [
  // catalog
  { reader: 'catalog', table: 'shop_order', why: 'best sellers: units sold in the last 90 days, counted as sales' },
  { reader: 'catalog', table: 'order_line', why: 'best sellers: the units of each product in those sales' },
  // cart
  { reader: 'cart', table: 'product', why: 'a quote prices each line from the product as the shop sells it now' },
  { reader: 'cart', table: 'product_size', why: 'a quote checks each size and its units on the shelf' },
  { reader: 'cart', table: 'category', why: "a quote names each line's category (discount conditions use it)" },
  // content
  { reader: 'content', table: 'media_asset', why: 'slides and promotions show pictures from the media library' },
  { reader: 'content', table: 'product', why: 'a promotion\'s "from" price and a campaign\'s product count' },
  { reader: 'content', table: 'category', why: 'a promotion may only point to a category that exists' },
  // discounts
  { reader: 'discounts', table: 'category', why: 'category conditions: check and name the categories a code covers' },
  { reader: 'discounts', table: 'shop_order', why: "first-purchase and per-customer limits count the buyer's orders" },
  // invoicing
  { reader: 'invoicing', table: 'shop_order', why: 'an invoice is built from the order: buyer, totals, paid or not' },
  { reader: 'invoicing', table: 'order_line', why: "an invoice lists the order's lines as they were sold" },
  { reader: 'invoicing', table: 'discount_code', why: 'an invoice shows the discount the order was given' },
  // operations
  { reader: 'operations', table: 'payment_event', why: 'the "payments failing" alert counts recent gateway answers' },
  { reader: 'operations', table: 'order_transition', why: 'the "no sales" alert looks for the last order paid' },
  { reader: 'operations', table: 'outbound_email', why: 'the "emails failing" alert counts mails that cannot leave' },
  { reader: 'operations', table: 'shop_order', why: 'a backup and a restore report how many orders and customers' },
  // orders
  { reader: 'orders', table: 'product_image', why: 'an order line keeps the picture the product had when bought' },
  // returns
  { reader: 'returns', table: 'shop_order', why: "a return refunds through the order's payment method and total" },
  { reader: 'returns', table: 'order_line', why: 'a return may only take back units the order bought' },
  { reader: 'returns', table: 'order_transition', why: 'return windows start when the order was delivered' },
  // seo
  { reader: 'seo', table: 'product', why: 'the sitemap lists every published product' },
  { reader: 'seo', table: 'campaign', why: 'the sitemap leaves out campaigns that are off' },
];

/**
 * Files that build a table name at run time (`FROM ${table}`), which the test cannot resolve: the
 * tables each may name (all owned by its module), or 'every table' for a read of the whole database.
 */
export const DYNAMIC_TABLE_SQL: ReadonlyArray<{
  file: string;
  tables: readonly TableName[] | 'every table';
  why: string;
}> = [
  {
    file: 'server/src/modules/catalog/listing-sql.ts',
    tables: ['product_search', 'product_facet_count'],
    why: 'a search or filtered listing reads its own named parts (matches, walks, counts) over the search tables',
  },
  {
    file: 'server/src/modules/content/content-admin.service.ts',
    tables: ['home_slide', 'promo_block'],
    why: 'slides and promotions share delete and reorder',
  },
  {
    file: 'server/src/modules/operations/database-snapshot.ts',
    tables: 'every table',
    why: 'a backup counts the rows of every table to check the restore (reads only)',
  },
];
