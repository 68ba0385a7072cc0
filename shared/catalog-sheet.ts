/**
 * The catalogue as a spreadsheet (CSV or .xlsx): one row per product size, the product's own columns repeated on
 * each of its rows. The export writes these columns in this order; the import reads them by header (accents, case
 * and extra spaces do not matter, the aliases too) and ignores columns it does not know. The staff import page
 * and the README list them from here.
 */

export type SheetColumnKey =
  | 'id'
  | 'slug'
  | 'name'
  | 'category'
  | 'pets'
  | 'description'
  | 'price'
  | 'collections'
  | 'status'
  | 'size'
  | 'sku'
  | 'stock'
  | 'exportedStock'
  | 'images';

export interface SheetColumn {
  key: SheetColumnKey;
  header: string;
  aliases: readonly string[];
  /** What it holds and how the import reads it (Spanish, for staff). */
  help: string;
}

export const SHEET_COLUMNS: readonly SheetColumn[] = [
  {
    key: 'id',
    header: 'ID',
    aliases: ['id producto', 'código producto'],
    help: 'Número del producto en la tienda. Vacío en un producto nuevo; con él se puede cambiar la dirección (slug).',
  },
  {
    key: 'slug',
    header: 'Slug',
    aliases: ['direccion', 'handle'],
    help: 'Dirección del producto (minúsculas, números y guiones). Vacío en un producto nuevo: se toma del nombre.',
  },
  { key: 'name', header: 'Nombre', aliases: ['producto', 'titulo'], help: 'Nombre (3 a 160 caracteres).' },
  {
    key: 'category',
    header: 'Categoría',
    aliases: ['categoria'],
    help: 'Categoría de la tienda, por su dirección o su nombre (collares, correas, arneses…).',
  },
  {
    key: 'pets',
    header: 'Mascota',
    aliases: ['mascotas', 'tipo de mascota'],
    help: '«Perro», «Gato» o «Perro y gato»; vacío si no aplica.',
  },
  {
    key: 'description',
    header: 'Descripción',
    aliases: ['descripcion'],
    help: 'Descripción (20 a 5.000 caracteres).',
  },
  {
    key: 'price',
    header: 'Precio',
    aliases: ['precio cop', 'precio (cop)', 'valor'],
    help: 'Pesos enteros con IVA: 85000, 85.000 o $ 85.000. Todas las tallas de un producto tienen el mismo precio.',
  },
  {
    key: 'collections',
    header: 'Colecciones',
    aliases: ['coleccion', 'coleccion(es)'],
    help: 'Colecciones separadas por comas (p. ej. halloween); vacío si ninguna.',
  },
  {
    key: 'status',
    header: 'Estado',
    aliases: ['publicado'],
    help: '«Publicado» (en la tienda), «Borrador» (oculto) o «Archivado». Vacío en un producto nuevo: publicado.',
  },
  { key: 'size', header: 'Talla', aliases: ['tallas'], help: 'Nombre de la talla (1 a 10 letras o números).' },
  {
    key: 'sku',
    header: 'SKU',
    aliases: ['código', 'código sku', 'código (sku)', 'referencia'],
    help: 'Código único de la talla (hasta 50 letras sin tildes, números, puntos y guiones). Vacío en una talla nueva: se asigna uno.',
  },
  {
    key: 'stock',
    header: 'Inventario',
    aliases: ['stock', 'unidades', 'existencias', 'cantidad'],
    help: 'Unidades disponibles para vender (entero, 0 o más).',
  },
  {
    key: 'exportedStock',
    header: 'Inventario al exportar',
    aliases: ['inventario exportado'],
    help: 'Lo escribe la exportación; no lo edite. Si «Inventario» sigue igual a este valor, la importación no toca el inventario (las ventas hechas desde la exportación se respetan).',
  },
  {
    key: 'images',
    header: 'Imágenes',
    aliases: ['imagenes', 'fotos', 'imagen'],
    help: 'Direcciones (http o https) de las fotos, en orden, separadas por « | ». Las nuevas se descargan (PNG, JPEG o WebP, hasta 5 MB). Vacío: no cambia las fotos.',
  },
];

/** A header as written by a person: no accents, lower case, single spaces. */
export function headerKey(text: string): string {
  return text
    .slice(0, 100)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The column a header names, or undefined for a column the import ignores. */
export function columnOfHeader(text: string): SheetColumnKey | undefined {
  const key = headerKey(text);
  return SHEET_COLUMNS.find((c) => headerKey(c.header) === key || c.aliases.some((alias) => headerKey(alias) === key))
    ?.key;
}

export type ProductSheetStatus = 'PUBLISHED' | 'DRAFT' | 'ARCHIVED';

export const STATUS_LABELS: Record<ProductSheetStatus, string> = {
  PUBLISHED: 'Publicado',
  DRAFT: 'Borrador',
  ARCHIVED: 'Archivado',
};

const STATUS_WORDS: Record<string, ProductSheetStatus> = {
  publicado: 'PUBLISHED',
  activo: 'PUBLISHED',
  si: 'PUBLISHED',
  borrador: 'DRAFT',
  inactivo: 'DRAFT',
  oculto: 'DRAFT',
  no: 'DRAFT',
  archivado: 'ARCHIVED',
};

export function readStatus(text: string): ProductSheetStatus | undefined {
  return STATUS_WORDS[headerKey(text)];
}

export type SheetPet = 'DOG' | 'CAT';

const PET_WORDS: Record<string, SheetPet[]> = {
  perro: ['DOG'],
  perros: ['DOG'],
  dog: ['DOG'],
  gato: ['CAT'],
  gatos: ['CAT'],
  cat: ['CAT'],
  ambos: ['DOG', 'CAT'],
};

export function petsLabel(pets: readonly SheetPet[]): string {
  const dog = pets.includes('DOG');
  const cat = pets.includes('CAT');
  return dog && cat ? 'Perro y gato' : dog ? 'Perro' : cat ? 'Gato' : '';
}

/** «Perro y gato», «perros, gatos», «Gato»… → the pets; undefined when a word is not a pet. */
export function readPets(text: string): SheetPet[] | undefined {
  const words = headerKey(text)
    .split(/[,;/+]|\by\b/)
    .map((word) => word.trim())
    .filter(Boolean);
  const pets = new Set<SheetPet>();
  for (const word of words) {
    const found = PET_WORDS[word];
    if (!found) return undefined;
    for (const p of found) pets.add(p);
  }
  return (['DOG', 'CAT'] as const).filter((p) => pets.has(p));
}

export type WholeNumberReading = { value: number } | { error: 'empty' | 'decimal' | 'ambiguous' | 'invalid' };

/**
 * A whole number as Colombians write it in a spreadsheet: `85000`, `85.000`, `$ 85.000`, `85.000,00`, `COP 85000`
 * (dots group thousands, a comma starts decimals, which must be zero). `85,000` is refused as ambiguous (85 in
 * es-CO, 85 thousand elsewhere); `85000.00` (two decimals after a dot) is read as 85000.
 */
export function readWholeNumber(text: string): WholeNumberReading {
  const t = text
    .slice(0, 40)
    .replace(/[\s$]/g, '')
    .replace(/^COP|COP$/i, '');
  if (t === '') return { error: 'empty' };
  const sign = t.startsWith('-') ? -1 : 1;
  const body = t.replace(/^[-+]/, '');
  let whole: string;
  let decimals = '';
  if (/^\d+$/.test(body)) whole = body;
  else if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(body)) [whole, decimals = ''] = body.replace(/\./g, '').split(',');
  else if (/^\d+,\d{1,2}$/.test(body)) [whole, decimals] = body.split(',');
  else if (/^\d+\.\d{1,2}$/.test(body)) [whole, decimals] = body.split('.');
  else if (/^\d{1,3}(?:,\d{3})+$/.test(body)) return { error: 'ambiguous' };
  else return { error: 'invalid' };
  if (/[1-9]/.test(decimals)) return { error: 'decimal' };
  const value = sign * Number(whole);
  return Number.isSafeInteger(value) ? { value } : { error: 'invalid' };
}
