import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { SiteHeaderView } from '../components/site-header-view';
import { MobileMenu } from '../components/mobile-menu';
import { CartButton, CartDrawer, cartCountAtom, cartOpenAtom, mobileMenuOpenAtom } from '../features/cart';

/** Wires the presentational header to the cart and the shared menu/cart drawer state. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useAtom(mobileMenuOpenAtom);
  return (
    <>
      <SiteHeaderView cart={<CartButton />} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      {menuOpen ? <MobileMenu onClose={() => setMenuOpen(false)} cart={<MobileCartEntry />} /> : null}
      <CartDrawer />
    </>
  );
}

function MobileCartEntry() {
  const count = useAtomValue(cartCountAtom);
  const openCart = useSetAtom(cartOpenAtom);
  return (
    <button type="button" className="button cart-entry" aria-haspopup="dialog" onClick={() => openCart(true)}>
      Ver carro {count > 0 ? `(${count})` : ''}
    </button>
  );
}
