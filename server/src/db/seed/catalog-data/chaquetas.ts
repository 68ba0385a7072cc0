import type { SeedProduct } from '../catalog-data.js';
import { jacketGuide, sizes } from './helpers.js';

export const chaquetas: SeedProduct[] = [
  {
    slug: 'chaqueta-denim-clasica-indigo',
    name: 'Chaqueta Denim Clásica Índigo',
    description:
      'La chaqueta que empezó Denim For Pets: denim índigo de 12 onzas, botones metálicos y bolsillos de pecho con tapa. Abertura en el lomo para pasar la correa del arnés. Lavar al revés en agua fría.',
    price: 129000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(5, 9, 11, 8, 4),
    sizeGuide: jacketGuide(0, 0),
    art: { base: '#2c4a7c', accent: '#5b7bb0', trim: '#d98b2b', background: '#eaf0f7', motif: 'denim', hardware: 'brass', colorName: 'índigo' },
    createdDaysAgo: 120,
  },
  {
    slug: 'chaqueta-denim-desgastada-clara',
    name: 'Chaqueta Denim Desgastada Clara',
    description:
      'Denim claro con lavado a la piedra y bordes desflecados hechos a mano, para un look relajado. Botones de presión fáciles de abrir y cerrar. Cada chaqueta tiene un desgaste único.',
    price: 135000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(4, 8, 10, 0, 3),
    sizeGuide: jacketGuide(1, 0),
    art: { base: '#8fb3d9', accent: '#c9dcef', trim: '#d98b2b', background: '#eef4fa', motif: 'denim', hardware: 'silver', colorName: 'azul claro' },
    createdDaysAgo: 72,
  },
  {
    slug: 'chaqueta-denim-negra-rockera',
    name: 'Chaqueta Denim Negra Rockera',
    description:
      'Denim negro con taches plateados en el cuello y pespuntes grises. Forro de algodón suave y abertura para el arnés en el lomo. Para los peludos con actitud.',
    price: 145000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(3, 6, 9, 7, 2),
    sizeGuide: jacketGuide(0, 1),
    art: { base: '#2a2a2e', accent: '#55555c', trim: '#a0a4a8', background: '#eeeef0', motif: 'denim', hardware: 'silver', colorName: 'negro' },
    createdDaysAgo: 35,
  },
  {
    slug: 'chaqueta-denim-cuello-borrego',
    name: 'Chaqueta Denim con Cuello de Borrego',
    description:
      'Denim índigo forrado por dentro en peluche tipo borrego, abrigada para Bogotá y la sabana. Cuello de borrego color crema y botones de latón. Lavar a mano y secar extendida.',
    price: 159000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(2, 5, 8, 6, 4),
    sizeGuide: jacketGuide(2, 2),
    art: { base: '#30507f', accent: '#f3ead8', trim: '#d98b2b', background: '#f1f3f7', motif: 'denim', hardware: 'brass', colorName: 'índigo con crema' },
    createdDaysAgo: 12,
  },
  {
    slug: 'chaqueta-denim-parches',
    name: 'Chaqueta Denim Parches',
    description:
      'Denim medio con parches bordados de huesitos, corazones y patitas, cosidos uno a uno en nuestro taller. Botones metálicos y bolsillos de pecho funcionales. Edición de pocas unidades por talla.',
    price: 149000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(0, 0, 0, 0, 2),
    sizeGuide: jacketGuide(0, 0),
    art: { base: '#4a6fa5', accent: '#f28cab', trim: '#d98b2b', background: '#eef2f8', motif: 'denim', hardware: 'silver', colorName: 'azul medio' },
    createdDaysAgo: 83,
  },
  {
    slug: 'chaqueta-denim-capota-amarilla',
    name: 'Chaqueta Denim con Capota Amarilla',
    description:
      'Denim índigo con capota impermeable amarilla desmontable, lista para los aguaceros de abril y octubre. Broches de presión y ribete reflectivo en la espalda. La capota se guarda en el bolsillo interno.',
    price: 139000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(4, 7, 10, 9, 5),
    sizeGuide: jacketGuide(1, 1),
    art: { base: '#27467a', accent: '#f5c518', trim: '#f5c518', background: '#f1f3f8', motif: 'denim', hardware: 'silver', colorName: 'índigo con amarillo' },
    createdDaysAgo: 24,
  },
  {
    slug: 'chaqueta-denim-ligera-celeste',
    name: 'Chaqueta Denim Ligera Celeste',
    description:
      'Chambray celeste de 5 onzas, fresco para climas templados como Medellín o Bucaramanga. Botones de nácar sintético y costuras planas que no rozan. Se lava a máquina en ciclo delicado.',
    price: 99000,
    category: 'chaquetas',
    collections: [],
    sizes: sizes(8, 12, 14, 10, 6),
    sizeGuide: jacketGuide(0, 0),
    art: { base: '#a9cbe8', accent: '#e2eef8', trim: '#5b86ad', background: '#f1f7fc', motif: 'denim', hardware: 'silver', colorName: 'celeste' },
    createdDaysAgo: 42,
  },
];
