import { Link, NavLink } from 'react-router';
import { formatCop, FREE_SHIPPING_THRESHOLD } from '../lib/shop-config';

/** Sticky header with the free-shipping banner and the main navigation. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <p className="site-header__banner">Envío gratis en compras superiores a {formatCop(FREE_SHIPPING_THRESHOLD).replace(' ', '')}</p>
      <div className="site-header__bar">
        <Link to="/" className="site-header__brand" aria-label="Enzo, ir al inicio">
          Enzo
        </Link>
        <nav aria-label="Principal">
          <ul className="site-header__links">
            <li><NavLink to="/collares">Collares</NavLink></li>
            <li><NavLink to="/correas">Correas</NavLink></li>
            <li><NavLink to="/arneses">Arneses</NavLink></li>
            <li><NavLink to="/bandanas">Bandanas</NavLink></li>
            <li><NavLink to="/pecheras">Pecheras</NavLink></li>
            <li><NavLink to="/halloween">Halloween</NavLink></li>
            <li><NavLink to="/chaquetas">Denim For Pets</NavLink></li>
            <li><NavLink to="/nosotros">Nosotros</NavLink></li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
