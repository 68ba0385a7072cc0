import type { SeedProduct } from '../catalog-data.js';
import { leashGuide } from './helpers.js';

export const correas: SeedProduct[] = [
  {
    slug: 'correa-cuero-miel',
    name: 'Correa de cuero Miel 1,2 m',
    description:
      'Correa de 1,2 m en cuero curtido al vegetal, a juego con el collar Miel. Manija con costura doble y mosquetón giratorio de latón. Con el uso toma una pátina más oscura; hidrátala con cera para cuero.',
    price: 68000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 18 }],
    sizeGuide: leashGuide(120, 2),
    art: { base: '#c8893a', accent: '#8a5a22', trim: '#5b3a17', background: '#f6efe4', motif: 'plain', hardware: 'brass', colorName: 'miel' },
    createdDaysAgo: 94,
  },
  {
    slug: 'correa-reflectiva-noche',
    name: 'Correa Reflectiva Noche',
    description:
      'Reata negra de nailon con hilo reflectivo tejido en toda su longitud, visible a más de 50 metros. Manija acolchada en neopreno para no lastimar la mano. Mide 1,5 m y tiene argolla extra para bolsitas.',
    price: 52000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 22 }],
    sizeGuide: leashGuide(150, 2),
    art: { base: '#222222', accent: '#d6d9dc', trim: '#000000', background: '#ececec', motif: 'stripes', hardware: 'silver', colorName: 'negro reflectivo' },
    createdDaysAgo: 70,
  },
  {
    slug: 'correa-manos-libres-naranja',
    name: 'Correa Manos Libres Naranja Trail',
    description:
      'Correa elástica que se ajusta a la cintura para trotar o caminar con las manos libres. El tramo amortiguado absorbe los tirones y tiene dos manijas de control. Cinturón regulable con hebilla de liberación rápida.',
    price: 64000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 14 }],
    sizeGuide: leashGuide(120, 2.5),
    art: { base: '#f26b1d', accent: '#ffb27a', trim: '#8c3608', background: '#fdf0e7', motif: 'stripes', hardware: 'black', colorName: 'naranja' },
    createdDaysAgo: 36,
  },
  {
    slug: 'correa-doble-azul-marino',
    name: 'Correa Doble Azul Marino',
    description:
      'Acople en Y con giro de 360° para pasear a dos perros sin que se enreden. Reata de nailon azul marino con costuras reforzadas y dos mosquetones de acero. Se engancha a cualquier correa sencilla.',
    price: 59000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 9 }],
    sizeGuide: leashGuide(45, 2),
    art: { base: '#1e3a66', accent: '#3d5f94', trim: '#0c1d38', background: '#e9eef6', motif: 'plain', hardware: 'silver', colorName: 'azul marino' },
    createdDaysAgo: 80,
  },
  {
    slug: 'correa-cuerda-nautica-coral',
    name: 'Correa de Cuerda Náutica Coral',
    description:
      'Cuerda trenzada tipo náutica de 12 mm, muy resistente y agradable al agarre. Terminales forrados en cuero y mosquetón de latón. Lavable a mano; sécala colgada a la sombra.',
    price: 47000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 25 }],
    sizeGuide: leashGuide(150, 1.2),
    art: { base: '#f07a6a', accent: '#ffffff', trim: '#a8443a', background: '#fdf1ef', motif: 'checks', hardware: 'brass', colorName: 'coral' },
    createdDaysAgo: 22,
  },
  {
    slug: 'correa-huesitos',
    name: 'Correa Huesitos',
    description:
      'Correa de 1,2 m en reata mostaza con estampado de huesitos, a juego con el collar de la misma línea. Mosquetón cromado y manija con costura en caja. Hecha en Colombia.',
    price: 38000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 25 }],
    sizeGuide: leashGuide(120, 2),
    art: { base: '#e0a526', accent: '#fff4d8', trim: '#8a6210', background: '#fbf5e6', motif: 'bones', hardware: 'silver', colorName: 'mostaza' },
    createdDaysAgo: 52,
  },
  {
    slug: 'correa-entrenamiento-verde',
    name: 'Correa de entrenamiento 5 m Verde',
    description:
      'Correa larga de 5 m para adiestramiento y recall en parques. Reata plana antideslizante que no se enreda en el pasto y mosquetón con seguro de rosca. Recomendada por entrenadores para ejercicios de llamada.',
    price: 55000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 12 }],
    sizeGuide: leashGuide(500, 2),
    art: { base: '#2e7d4f', accent: '#a5d6b5', trim: '#164029', background: '#eaf5ee', motif: 'dots', hardware: 'silver', colorName: 'verde' },
    createdDaysAgo: 104,
  },
  {
    slug: 'correa-gato-menta',
    name: 'Correa para gato Menta',
    description:
      'Correa liviana de 1,8 m pensada para gatos que salen a explorar el balcón o el parque. Mosquetón pequeño de aluminio y reata de 1 cm estampada con patitas. Combina con el collar para gato Lavanda.',
    price: 31000,
    category: 'correas',
    collections: [],
    sizes: [{ label: 'Única', stock: 16 }],
    sizeGuide: leashGuide(180, 1),
    art: { base: '#8fd3c1', accent: '#ffffff', trim: '#3b8a76', background: '#eefaf6', motif: 'paws', hardware: 'silver', colorName: 'menta' },
    createdDaysAgo: 15,
  },
];
