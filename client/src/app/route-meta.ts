/** Title and description per route (spec §1 defaults). Read by <RouteMeta> after each navigation. */
export interface RouteMetaInfo {
  title?: string;
  description?: string;
  noindex?: boolean;
}

export const DEFAULT_TITLE = 'Enzo | Accesorios para mascotas';
export const DEFAULT_DESCRIPTION = 'Accesorios de calidad para mascotas en Colombia: collares, arneses, correas y ropa.';
export const HOME_DESCRIPTION =
  'Compra collares, arneses, correas, pecheras y ropa para perros y gatos. Envíos a toda Colombia.';

export function pageTitle(title?: string): string {
  return title ? `${title} | Enzo` : DEFAULT_TITLE;
}
