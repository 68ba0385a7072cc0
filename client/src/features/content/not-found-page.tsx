import { Link } from 'react-router';
import { ContentLayout } from './content-layout';

const CATEGORIES = [
  { to: '/collares', label: 'Collares' },
  { to: '/correas', label: 'Correas' },
  { to: '/arneses', label: 'Arneses' },
  { to: '/bandanas', label: 'Bandanas' },
  { to: '/pecheras', label: 'Pecheras' },
  { to: '/pecherasBackpack', label: 'Pecheras backpack' },
  { to: '/chaquetas', label: 'Denim For Pets' },
] as const;

export function NotFoundPage() {
  return (
    <ContentLayout
      title="Página no encontrada"
      lead="Parece que esta página salió a pasear y no volvió. Puede que el enlace esté mal escrito o que la página ya no exista."
      sections={[
        {
          id: 'categorias',
          heading: 'Sigue explorando',
          body: (
            <nav aria-label="Categorías de productos">
              <ul className="content-page__links">
                {CATEGORIES.map((category) => (
                  <li key={category.to}>
                    <Link to={category.to}>{category.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ),
        },
      ]}
    >
      <div className="content-page__actions">
        <Link className="content-page__button" to="/">
          Volver al inicio
        </Link>
      </div>
    </ContentLayout>
  );
}
