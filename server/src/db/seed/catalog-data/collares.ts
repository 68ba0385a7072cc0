import type { SeedProduct } from '../catalog-data.js';
import { sizes } from './helpers.js';

export const collares: SeedProduct[] = [
  {
    slug: 'collar-cuero-miel',
    name: 'Collar de cuero Miel',
    description:
      'Collar en cuero curtido al vegetal, cortado y cosido a mano en Bogotá. Hebilla y argolla en D de latón macizo que no se oxida. Se limpia con un paño húmedo y se hidrata con cera para cuero cada dos meses.',
    price: 58000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(6, 12, 15, 9, 4),
    art: { base: '#c8893a', accent: '#8a5a22', trim: '#5b3a17', background: '#f6efe4', motif: 'plain', hardware: 'brass', colorName: 'miel' },
    createdDaysAgo: 95,
  },
  {
    slug: 'collar-neopreno-reflectivo-azul-noche',
    name: 'Collar Neopreno Reflectivo Azul Noche',
    description:
      'Cinta de nailon de alta resistencia forrada en neopreno suave que no roza el pelaje. Las rayas reflectivas devuelven la luz de los carros en los paseos nocturnos. Cierre de clip con seguro y lavable a mano con jabón neutro.',
    price: 42000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(8, 14, 20, 16, 7),
    art: { base: '#1f2f57', accent: '#c9d3e0', trim: '#101a33', background: '#e8edf5', motif: 'stripes', hardware: 'silver', colorName: 'azul noche' },
    createdDaysAgo: 62,
  },
  {
    slug: 'collar-patitas-rosa',
    name: 'Collar Patitas Rosa',
    description:
      'Collar de reata estampada con patitas blancas sobre fondo rosa chicle. Broche plástico de liberación rápida y argolla metálica para la placa. Ideal para cachorros y razas pequeñas; se lava a máquina dentro de una bolsa de malla.',
    price: 36000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(18, 22, 13, 0, 0),
    art: { base: '#f29bb8', accent: '#ffffff', trim: '#b85577', background: '#fdf0f4', motif: 'paws', hardware: 'silver', colorName: 'rosa chicle' },
    createdDaysAgo: 41,
  },
  {
    slug: 'collar-martingala-verde-oliva',
    name: 'Collar Martingala Verde Oliva',
    description:
      'Collar semiahorcador que cierra solo hasta el tope, pensado para galgos y perros que se zafan del collar tradicional. Reata de algodón grueso con cadena corta de acero inoxidable. Se desliza por la cabeza, sin hebillas.',
    price: 48000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(4, 9, 12, 11, 6),
    art: { base: '#6b7440', accent: '#8e9858', trim: '#3d4322', background: '#f1f2e8', motif: 'plain', hardware: 'silver', colorName: 'verde oliva' },
    createdDaysAgo: 88,
  },
  {
    slug: 'collar-trenzado-cafe',
    name: 'Collar Trenzado Café',
    description:
      'Cuero café oscuro trenzado a mano por artesanos de Santander, firme y flexible a la vez. Hebilla de acero envejecido y puntas rematadas con costura doble. Evita mojarlo en exceso y sécalo a la sombra.',
    price: 65000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(0, 5, 8, 7, 3),
    art: { base: '#6d4326', accent: '#8c5a35', trim: '#3b2414', background: '#f4ede6', motif: 'checks', hardware: 'black', colorName: 'café' },
    createdDaysAgo: 110,
  },
  {
    slug: 'collar-flores-del-tropico',
    name: 'Collar Flores del Trópico',
    description:
      'Estampado de flores tropicales en tonos coral y amarillo sobre reata de poliéster suave al tacto. Hebilla de clip ajustable y argolla en D cromada. Hecho en Colombia; lavable a mano.',
    price: 39000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(10, 15, 17, 12, 5),
    art: { base: '#2f8f83', accent: '#ff8a65', trim: '#f5c542', background: '#eaf6f3', motif: 'flowers', hardware: 'silver', colorName: 'verde trópico' },
    createdDaysAgo: 27,
  },
  {
    slug: 'collar-gato-lavanda',
    name: 'Collar para gato Lavanda',
    description:
      'Collar liviano para gatos con cierre de seguridad que se abre si el collar se engancha. Estampado de estrellitas y cascabel removible. Reata suave de 1 cm que no enreda el pelo.',
    price: 32000,
    category: 'collares',
    collections: [],
    pets: ['CAT'],
    sizes: sizes(14, 19, 8, 3, 2),
    art: { base: '#b9a3e3', accent: '#fff6d6', trim: '#6f58a8', background: '#f4f0fb', motif: 'stars', hardware: 'silver', colorName: 'lavanda' },
    createdDaysAgo: 19,
  },
  {
    slug: 'collar-huesitos-mostaza',
    name: 'Collar Huesitos Mostaza',
    description:
      'Reata color mostaza con huesitos estampados, perfecta para perros juguetones. Hebilla de clip con seguro giratorio y argolla reforzada para la traílla. Resiste agua y barro; se enjuaga y listo.',
    price: 34000,
    category: 'collares',
    collections: [],
    pets: ['DOG'],
    sizes: sizes(9, 13, 16, 14, 8),
    art: { base: '#e0a526', accent: '#fff4d8', trim: '#8a6210', background: '#fbf5e6', motif: 'bones', hardware: 'silver', colorName: 'mostaza' },
    createdDaysAgo: 53,
  },
];
