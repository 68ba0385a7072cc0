import type { SeedProduct } from '../catalog-data.js';
import { sizes } from './helpers.js';

const halloween = ['halloween'];

export const bandanas: SeedProduct[] = [
  {
    slug: 'bandana-calabazas-traviesas',
    name: 'Bandana Calabazas Traviesas',
    description:
      'Edición limitada de Halloween: calabazas naranja sobre algodón negro suave. Se amarra al cuello o se pasa por el collar gracias a su doble costura. Lavable a máquina en agua fría.',
    price: 32000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(10, 16, 18, 12, 6),
    art: { base: '#1d1b24', accent: '#f28c1c', trim: '#5e3a8a', background: '#f4eefa', motif: 'pumpkins', hardware: 'black', colorName: 'negro' },
    createdDaysAgo: 6,
  },
  {
    slug: 'bandana-murcielagos-medianoche',
    name: 'Bandana Murciélagos de Medianoche',
    description:
      'Murciélagos negros volando sobre un morado profundo, de nuestra colección de Halloween. Algodón peinado que no irrita la piel y bordes con dobladillo fino. Se ajusta con nudo o con broche de presión.',
    price: 32000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(8, 14, 0, 11, 5),
    art: { base: '#5a2d82', accent: '#16121c', trim: '#2e1445', background: '#f1eaf7', motif: 'bats', hardware: 'black', colorName: 'morado' },
    createdDaysAgo: 5,
  },
  {
    slug: 'bandana-fantasmitas',
    name: 'Bandana Fantasmitas',
    description:
      'Fantasmitas sonrientes sobre fondo naranja calabaza para el perro más tierno del barrio. Edición limitada de Halloween, estampada en Medellín con tintas a base de agua. Lavar al revés y no usar blanqueador.',
    price: 29000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(12, 15, 13, 9, 4),
    art: { base: '#f08a24', accent: '#ffffff', trim: '#2b1d12', background: '#fdf0e3', motif: 'ghosts', hardware: 'black', colorName: 'naranja calabaza' },
    createdDaysAgo: 4,
  },
  {
    slug: 'bandana-telarana-morada',
    name: 'Bandana Telaraña Morada',
    description:
      'Telarañas plateadas sobre algodón morado, un clásico de Halloween con un toque elegante. Tela reversible: por dentro es morado liso. Doble costura y lavable a máquina.',
    price: 34000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(0, 0, 0, 3, 0),
    art: { base: '#3d2363', accent: '#d7d0e6', trim: '#1f1036', background: '#efeaf6', motif: 'webs', hardware: 'black', colorName: 'morado' },
    createdDaysAgo: 11,
  },
  {
    slug: 'bandana-dulce-o-truco',
    name: 'Bandana ¿Dulce o truco?',
    description:
      'Dulces envueltos en morado y naranja sobre fondo verde limón, para salir a pedir dulces con estilo. Edición limitada de Halloween en algodón suave. Se amarra fácil y no se suelta en el juego.',
    price: 35000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(7, 11, 14, 10, 3),
    art: { base: '#b5d334', accent: '#7a3fb0', trim: '#f28c1c', background: '#f5f9e6', motif: 'candy', hardware: 'black', colorName: 'verde limón' },
    createdDaysAgo: 3,
  },
  {
    slug: 'bandana-luna-de-brujas',
    name: 'Bandana Luna de Brujas',
    description:
      'Lunas y estrellas doradas sobre azul medianoche para la noche de brujas. Algodón con acabado satinado y dobladillo a mano. Edición limitada de Halloween; lavar en agua fría.',
    price: 33000,
    category: 'bandanas',
    collections: halloween,
    pets: ['DOG', 'CAT'],
    sizes: sizes(9, 12, 16, 8, 4),
    art: { base: '#15203d', accent: '#f3c94f', trim: '#0a1022', background: '#eaedf5', motif: 'moons', hardware: 'black', colorName: 'azul medianoche' },
    createdDaysAgo: 8,
  },
  {
    slug: 'bandana-cuadros-lenador',
    name: 'Bandana Cuadros Leñador',
    description:
      'Cuadros rojo y negro en franela de algodón, cálida para las mañanas frías de la sabana. Doble capa con costura invisible. Lavable a máquina y no destiñe.',
    price: 28000,
    category: 'bandanas',
    collections: [],
    pets: ['DOG', 'CAT'],
    sizes: sizes(11, 17, 21, 15, 8),
    art: { base: '#b3261e', accent: '#1a1a1a', trim: '#5c0f0b', background: '#f8ebea', motif: 'checks', hardware: 'black', colorName: 'rojo' },
    createdDaysAgo: 85,
  },
  {
    slug: 'bandana-tropical',
    name: 'Bandana Tropical',
    description:
      'Flores de trópico en coral y amarillo sobre verde esmeralda, inspirada en los jardines del Eje Cafetero. Algodón liviano ideal para clima cálido. Se amarra al cuello o se pasa por el collar.',
    price: 30000,
    category: 'bandanas',
    collections: [],
    pets: ['DOG', 'CAT'],
    sizes: sizes(13, 18, 20, 14, 9),
    art: { base: '#1e7a5e', accent: '#ff8a65', trim: '#f5c542', background: '#e8f5f0', motif: 'flowers', hardware: 'black', colorName: 'verde esmeralda' },
    createdDaysAgo: 48,
  },
  {
    slug: 'bandana-denim-clara',
    name: 'Bandana Denim Clara',
    description:
      'Bandana en denim claro de 8 onzas con costuras en hilo mostaza, a juego con nuestras chaquetas Denim For Pets. Cada pieza se corta de retales de producción, sin desperdicio. Se suaviza con cada lavada.',
    price: 38000,
    category: 'bandanas',
    collections: [],
    pets: ['DOG', 'CAT'],
    sizes: sizes(6, 10, 12, 9, 7),
    art: { base: '#7fa6cf', accent: '#4f78a6', trim: '#d98b2b', background: '#edf3f9', motif: 'denim', hardware: 'silver', colorName: 'azul claro' },
    createdDaysAgo: 64,
  },
  {
    slug: 'bandana-patitas-menta',
    name: 'Bandana Patitas Menta',
    description:
      'Patitas blancas sobre verde menta, fresca y fácil de combinar con cualquier collar. Algodón suave de doble capa y broche de presión para poner y quitar sin nudos. Hecha en Colombia.',
    price: 26000,
    category: 'bandanas',
    collections: [],
    pets: ['DOG', 'CAT'],
    sizes: sizes(15, 20, 22, 17, 12),
    art: { base: '#8fd3c1', accent: '#ffffff', trim: '#3b8a76', background: '#eefaf6', motif: 'paws', hardware: 'silver', colorName: 'menta' },
    createdDaysAgo: 30,
  },
];
