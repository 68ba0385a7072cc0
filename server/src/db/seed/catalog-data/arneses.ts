import type { SeedProduct } from '../catalog-data.js';
import { sizes } from './helpers.js';

export const arneses: SeedProduct[] = [
  {
    slug: 'arnes-acolchado-reflectivo-rojo',
    name: 'Arnés Acolchado Reflectivo Rojo',
    description:
      'Arnés en Y con acolchado de espuma transpirable en pecho y espalda. Ribetes reflectivos para los paseos de la noche y dos hebillas laterales de liberación rápida. Se lava a mano con agua tibia y jabón neutro.',
    price: 89000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(6, 10, 14, 12, 7),
    art: { base: '#c62f2f', accent: '#e9e9e9', trim: '#6e1515', background: '#fbecec', motif: 'stripes', hardware: 'black', colorName: 'rojo' },
    createdDaysAgo: 44,
  },
  {
    slug: 'arnes-antitirones-azul-petroleo',
    name: 'Arnés Antitirones Azul Petróleo',
    description:
      'Arnés con argolla frontal en el pecho que redirige el tirón hacia un lado y ayuda a corregir el paseo. Cuatro puntos de ajuste para un calce exacto. Reata de nailon con forro de neopreno en la zona de las axilas.',
    price: 98000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(3, 8, 13, 11, 9),
    art: { base: '#1f5f6b', accent: '#4e93a0', trim: '#0e3239', background: '#e8f2f4', motif: 'plain', hardware: 'silver', colorName: 'azul petróleo' },
    createdDaysAgo: 67,
  },
  {
    slug: 'arnes-h-cuero-chocolate',
    name: 'Arnés en H de cuero Chocolate',
    description:
      'Arnés en H de cuero engrasado color chocolate con forro interno de napa suave. Herrajes de latón macizo y costura encerada hecha a mano en Bogotá. Una pieza para toda la vida si se cuida con cera cada temporada.',
    price: 125000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(0, 4, 6, 0, 2),
    art: { base: '#4e2f1c', accent: '#6e452b', trim: '#2a170c', background: '#f3ece6', motif: 'plain', hardware: 'brass', colorName: 'chocolate' },
    createdDaysAgo: 118,
  },
  {
    slug: 'arnes-gato-gris-perla',
    name: 'Arnés para gato Gris Perla',
    description:
      'Arnés tipo chaleco liviano para gatos, con cierre de velcro ancho y hebilla de seguridad en el lomo. Malla suave que no aprieta y deja respirar. Incluye una correa elástica de 1,5 m.',
    price: 65000,
    category: 'arneses',
    collections: [],
    pets: ['CAT'],
    sizes: sizes(15, 18, 10, 4, 3),
    art: { base: '#a7adb4', accent: '#e6e9ec', trim: '#5c6168', background: '#f2f3f5', motif: 'mesh', hardware: 'silver', colorName: 'gris perla' },
    createdDaysAgo: 33,
  },
  {
    slug: 'arnes-montana-naranja',
    name: 'Arnés Montaña Naranja',
    description:
      'Arnés de senderismo con manija en el lomo para ayudar a tu perro a subir rocas o bajar del carro. Cinco puntos de ajuste, acolchado doble y argollas en pecho y espalda. Probado en caminatas por los Cerros Orientales.',
    price: 115000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(4, 7, 12, 10, 8),
    art: { base: '#e8711c', accent: '#2b2b2b', trim: '#7a3605', background: '#fdf1e6', motif: 'stripes', hardware: 'black', colorName: 'naranja' },
    createdDaysAgo: 9,
  },
  {
    slug: 'arnes-pepas-mostaza',
    name: 'Arnés Pepas Mostaza',
    description:
      'Arnés en Y con estampado de pepas blancas sobre fondo mostaza, alegre y fácil de combinar. Hebillas laterales de clip y argolla en D metálica en el lomo. Tela de poliéster lavable a máquina en ciclo suave.',
    price: 78000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(9, 13, 15, 11, 5),
    art: { base: '#d9a21b', accent: '#fffaf0', trim: '#7d5a06', background: '#fbf6e8', motif: 'dots', hardware: 'silver', colorName: 'mostaza' },
    createdDaysAgo: 58,
  },
  {
    slug: 'arnes-camuflado-selva',
    name: 'Arnés Camuflado Selva',
    description:
      'Arnés resistente con estampado camuflado en verdes de selva, pensado para perros activos. Tela tipo cordura repelente al agua con acolchado en espuma. Argolla de aluminio reforzada y ribete reflectivo.',
    price: 94000,
    category: 'arneses',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(5, 9, 14, 13, 11),
    art: { base: '#4f6b3a', accent: '#7f9a5a', trim: '#2b3a1f', background: '#eef2e8', motif: 'camo', hardware: 'black', colorName: 'verde selva' },
    createdDaysAgo: 76,
  },
];
