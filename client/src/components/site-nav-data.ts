/** Main navigation of the storefront: the header's menu, on every page. */
export interface NavLinkItem {
  to: string;
  label: string;
  description?: string;
}

export interface NavMenu {
  id: string;
  label: string;
  items: NavLinkItem[];
}

export const NAV_MENUS: NavMenu[] = [
  {
    id: 'accesorios',
    label: 'Accesorios',
    items: [
      { to: '/collares', label: 'Collares', description: 'Cuero, neopreno y tela, con hebilla segura.' },
      { to: '/correas', label: 'Correas', description: 'Resistentes y cómodas para cada paseo.' },
      { to: '/arneses', label: 'Arneses', description: 'Ajustables: cuidan el cuello y la espalda.' },
      { to: '/bandanas', label: 'Bandanas', description: 'Estampados para lucir con estilo propio.' },
    ],
  },
  {
    id: 'pecheras',
    label: 'Pecheras',
    items: [
      { to: '/pecheras', label: 'Pecheras', description: 'Acolchadas para paseos seguros.' },
      { to: '/pecherasBackpack', label: 'Pecheras Backpack', description: 'Con bolsillos tipo morral.' },
    ],
  },
  {
    id: 'distribuidores',
    label: 'Distribuidores Oficiales',
    items: [
      { to: '/distribuidores-cucuta', label: 'Cúcuta' },
      { to: '/distribuidores-bogota', label: 'Bogotá' },
    ],
  },
];

/** Fixed links; seasonal campaign pages (e.g. Halloween) come first while staff have them on. */
export const NAV_LINKS: { to: string; label: string; mobileLabel?: string }[] = [
  { to: '/chaquetas', label: 'Denim For Pets', mobileLabel: 'Chaquetas' },
  { to: '/nosotros', label: 'Nosotros' },
];
