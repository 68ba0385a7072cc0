// Seed catalog for Enzo (dog and cat accessories, Colombia). Pure data, no DB access.
import { defaultSizeGuide, type SizeGuide } from '#shared/size-guide.js';
import type { ArtSpec } from './artwork.js';
import { collares } from './catalog-data/collares.js';
import { correas } from './catalog-data/correas.js';
import { arneses } from './catalog-data/arneses.js';
import { bandanas } from './catalog-data/bandanas.js';
import { pecheras } from './catalog-data/pecheras.js';
import { pecherasBackpack } from './catalog-data/pecheras-backpack.js';
import { chaquetas } from './catalog-data/chaquetas.js';

export type { ArtSpec } from './artwork.js';

export type CategorySlug =
  'collares' | 'correas' | 'arneses' | 'bandanas' | 'pecheras' | 'pecheras-backpack' | 'chaquetas';

/** A size and its stock: letter sizes (XS–XL) or `Única` for one-size products such as leashes. */
export interface SeedSize {
  label: string;
  stock: number;
}

/** Which pets a product is made for (the `Mascota` filter). */
export type SeedPet = 'DOG' | 'CAT';

export interface SeedCategory {
  slug: CategorySlug;
  name: string;
  description: string;
  position: number;
}

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  category: CategorySlug;
  collections: string[];
  pets: SeedPet[];
  sizes: SeedSize[];
  /** Measurements per size; the category's defaults (shared/size-guide.ts) when left out. */
  sizeGuide?: SizeGuide | null;
  art: ArtSpec;
  createdDaysAgo: number;
}

export const categories: SeedCategory[] = [
  {
    slug: 'collares',
    name: 'Collares',
    position: 1,
    description: 'Collares de cuero, neopreno y tela estampada, cómodos para el día a día.',
  },
  {
    slug: 'correas',
    name: 'Correas',
    position: 2,
    description: 'Correas resistentes y reflectivas para paseos seguros en la ciudad o el campo.',
  },
  {
    slug: 'arneses',
    name: 'Arneses',
    position: 3,
    description: 'Arneses acolchados y antitirones que cuidan el cuello de tu mascota.',
  },
  {
    slug: 'bandanas',
    name: 'Bandanas',
    position: 4,
    description: 'Bandanas estampadas en algodón suave, incluida nuestra edición de Halloween.',
  },
  {
    slug: 'pecheras',
    name: 'Pecheras',
    position: 5,
    description: 'Pecheras tipo chaleco que reparten la presión y ajustan sin apretar.',
  },
  {
    slug: 'pecheras-backpack',
    name: 'Pecheras Backpack',
    position: 6,
    description: 'Pecheras con bolsillos laterales para que tu perro lleve sus propias cositas.',
  },
  {
    slug: 'chaquetas',
    name: 'Chaquetas (Denim For Pets)',
    position: 7,
    description: 'Chaquetas de denim colombiano confeccionadas a mano para perros y gatos.',
  },
];

export const products: Array<SeedProduct & { sizeGuide: SizeGuide | null }> = [
  ...collares,
  ...correas,
  ...arneses,
  ...bandanas,
  ...pecheras,
  ...pecherasBackpack,
  ...chaquetas,
].map((p) => ({
  ...p,
  sizeGuide:
    p.sizeGuide ??
    defaultSizeGuide(
      p.category,
      p.sizes.map((s) => s.label),
    ),
}));

export const discountCodes: { code: string; percent: number }[] = [
  { code: 'BIENVENIDO10', percent: 10 },
  { code: 'ENZO15', percent: 15 },
  { code: 'PELUDO15', percent: 15 },
  { code: 'HALLOWEEN15', percent: 15 },
];
