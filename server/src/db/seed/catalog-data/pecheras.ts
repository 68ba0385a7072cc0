import type { SeedProduct } from '../catalog-data.js';
import { sizes } from './helpers.js';

export const pecheras: SeedProduct[] = [
  {
    slug: 'pechera-neopreno-turquesa',
    name: 'Pechera Neopreno Turquesa',
    description:
      'Pechera tipo chaleco en neopreno de 3 mm que reparte la presión en todo el pecho. Se pone por la cabeza y cierra con dos hebillas laterales. Manija en el lomo y argolla metálica para la correa.',
    price: 85000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(7, 12, 16, 13, 8),
    art: { base: '#1fb3b0', accent: '#ffffff', trim: '#0d5e5c', background: '#e7f7f7', motif: 'plain', hardware: 'silver', colorName: 'turquesa' },
    createdDaysAgo: 39,
  },
  {
    slug: 'pechera-reflectiva-amarillo-neon',
    name: 'Pechera Reflectiva Amarillo Neón',
    description:
      'Amarillo neón con banda reflectiva en el pecho y el lomo para que te vean desde lejos en la ciclovía o en la carretera. Forro interior de malla transpirable. Lavable a mano, secar a la sombra.',
    price: 92000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(4, 9, 14, 12, 10),
    art: { base: '#d8e619', accent: '#9aa1a8', trim: '#4d5200', background: '#f8fae3', motif: 'stripes', hardware: 'black', colorName: 'amarillo neón' },
    createdDaysAgo: 57,
  },
  {
    slug: 'pechera-acolchada-rosa-palo',
    name: 'Pechera Acolchada Rosa Palo',
    description:
      'Pechera acolchada en rosa palo con interior de felpa, perfecta para razas pequeñas y perros friolentos. Cierre de velcro ancho más hebilla de seguridad. Argolla en D dorada en el lomo.',
    price: 79000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(14, 17, 9, 0, 0),
    art: { base: '#e8b4b0', accent: '#f7dcd9', trim: '#9c5e59', background: '#fbf1f0', motif: 'dots', hardware: 'brass', colorName: 'rosa palo' },
    createdDaysAgo: 25,
  },
  {
    slug: 'pechera-malla-transpirable-gris',
    name: 'Pechera Malla Transpirable Gris',
    description:
      'Malla 3D de secado rápido pensada para el clima de tierra caliente. Pesa menos de 100 g en talla M y no retiene el calor. Ribete reflectivo y dos hebillas laterales de liberación rápida.',
    price: 72000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(8, 13, 17, 14, 9),
    art: { base: '#6f767e', accent: '#c8cdd2', trim: '#33383d', background: '#f0f1f3', motif: 'mesh', hardware: 'silver', colorName: 'gris' },
    createdDaysAgo: 73,
  },
  {
    slug: 'pechera-denim-clasica',
    name: 'Pechera Denim Clásica',
    description:
      'Pechera en denim índigo de 12 onzas con forro acolchado de algodón y pespuntes en hilo mostaza. Herrajes de latón y manija de cuero en el lomo. Confeccionada en Bogotá por nuestro taller Denim For Pets.',
    price: 110000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(3, 6, 8, 7, 5),
    art: { base: '#2f4f7f', accent: '#6f8fbf', trim: '#d98b2b', background: '#ebf0f7', motif: 'denim', hardware: 'brass', colorName: 'índigo' },
    createdDaysAgo: 99,
  },
  {
    slug: 'pechera-huellitas-negra',
    name: 'Pechera Huellitas Negra',
    description:
      'Pechera negra con huellitas grises estampadas, elegante y que disimula el barro del parque. Neopreno suave por dentro y poliéster resistente por fuera. Cierre de hebilla y ajuste en cuello y pecho.',
    price: 82000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(6, 0, 11, 9, 7),
    art: { base: '#262626', accent: '#7b7b7b', trim: '#000000', background: '#eeeeee', motif: 'paws', hardware: 'silver', colorName: 'negro' },
    createdDaysAgo: 46,
  },
  {
    slug: 'pechera-tactica-verde-militar',
    name: 'Pechera Táctica Verde Militar',
    description:
      'Pechera de uso rudo en cordura 600D con paneles tipo molle para agregar bolsitas o linterna. Manija reforzada para control y argolla frontal de aluminio. Ideal para perros grandes y de trabajo.',
    price: 128000,
    category: 'pecheras',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(0, 3, 7, 9, 8),
    art: { base: '#4b5320', accent: '#6c7536', trim: '#262b0d', background: '#f0f1e6', motif: 'camo', hardware: 'black', colorName: 'verde militar' },
    createdDaysAgo: 113,
  },
];
