import type { SeedProduct } from '../catalog-data.js';
import { sizes } from './helpers.js';

export const pecherasBackpack: SeedProduct[] = [
  {
    slug: 'pechera-backpack-explorador-mostaza',
    name: 'Pechera Backpack Explorador Mostaza',
    description:
      'Pechera con dos bolsillos laterales de cremallera para que tu perro lleve sus bolsitas, premios y llaves. Lona mostaza repelente al agua y pecho acolchado. Cada bolsillo soporta hasta 500 g.',
    price: 118000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(3, 7, 10, 9, 6),
    art: { base: '#d29a22', accent: '#f1d08a', trim: '#6b4a08', background: '#fbf5e6', motif: 'plain', hardware: 'black', colorName: 'mostaza' },
    createdDaysAgo: 14,
  },
  {
    slug: 'pechera-backpack-aventura-azul',
    name: 'Pechera Backpack Aventura Azul',
    description:
      'Diseñada para caminatas de día completo: bolsillos amplios con cremallera impermeable y porta-botella de agua. Tela ripstop azul rey con ribetes reflectivos. Manija en el lomo y doble argolla.',
    price: 112000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(2, 6, 12, 11, 8),
    art: { base: '#2a5bd7', accent: '#8fb0ff', trim: '#11307a', background: '#eaf0fd', motif: 'checks', hardware: 'black', colorName: 'azul rey' },
    createdDaysAgo: 28,
  },
  {
    slug: 'pechera-backpack-paseo-coral',
    name: 'Pechera Backpack Paseo Coral',
    description:
      'Versión liviana para el paseo de todos los días, con un bolsillo a cada lado para el dispensador de bolsitas y los premios. Tela coral con pepas blancas y forro de malla. Lavable a mano.',
    price: 99000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(9, 12, 8, 0, 0),
    art: { base: '#f07a6a', accent: '#ffffff', trim: '#a8443a', background: '#fdf1ef', motif: 'dots', hardware: 'silver', colorName: 'coral' },
    createdDaysAgo: 50,
  },
  {
    slug: 'pechera-backpack-trekking-verde',
    name: 'Pechera Backpack Trekking Verde',
    description:
      'Para perros grandes que acompañan en travesías de montaña: bolsillos de gran capacidad con compresión y manija de rescate. Cordura verde bosque y acolchado de espuma en pecho y lomo. Cinco puntos de ajuste.',
    price: 129000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(0, 2, 6, 8, 7),
    art: { base: '#2f5d3a', accent: '#5b8a63', trim: '#15301b', background: '#eaf2ec', motif: 'camo', hardware: 'black', colorName: 'verde bosque' },
    createdDaysAgo: 90,
  },
  {
    slug: 'pechera-backpack-denim',
    name: 'Pechera Backpack Denim',
    description:
      'Nuestra pechera de denim con bolsillos tipo morral forrados en lona. Pespuntes en hilo mostaza, cremalleras metálicas y manija de cuero. Confeccionada en Bogotá por el taller Denim For Pets.',
    price: 124000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(4, 6, 9, 7, 3),
    art: { base: '#35568a', accent: '#7393c4', trim: '#d98b2b', background: '#ebf0f7', motif: 'denim', hardware: 'brass', colorName: 'índigo' },
    createdDaysAgo: 102,
  },
  {
    slug: 'pechera-backpack-mini-lila',
    name: 'Pechera Backpack Mini Lila',
    description:
      'Tamaño pensado para razas pequeñas y gatos aventureros, con bolsillos de cremallera livianos. Tela lila con estrellitas y pecho acolchado. Cierre de velcro más hebilla de seguridad.',
    price: 89000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG', 'CAT'],
    sizes: sizes(11, 14, 7, 3, 2),
    art: { base: '#b79ad8', accent: '#fff3c4', trim: '#6a4a96', background: '#f5f0fb', motif: 'stars', hardware: 'silver', colorName: 'lila' },
    createdDaysAgo: 18,
  },
  {
    slug: 'pechera-backpack-camuflado-sabana',
    name: 'Pechera Backpack Camuflado Sabana',
    description:
      'Camuflado en tonos arena y verde sabana, con bolsillos laterales y cinta molle para colgar accesorios. Tela repelente al agua y manija reforzada. Argolla frontal antitirones incluida.',
    price: 116000,
    category: 'pecheras-backpack',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(5, 8, 11, 10, 6),
    art: { base: '#b8a77a', accent: '#7d7a4a', trim: '#4e4426', background: '#f6f3ea', motif: 'camo', hardware: 'black', colorName: 'arena' },
    createdDaysAgo: 66,
  },
];
