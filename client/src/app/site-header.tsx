import { lazy, Suspense } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { SiteHeaderView } from '../components/site-header-view';
// Straight from the modules (not the feature's index): the drawer must stay out of the entry chunk.
import { CartButton } from '../features/cart/cart-button';
import { cartCountAtom, cartOpenAtom, mobileMenuOpenAtom } from '../features/cart/cart-atoms';
import { useCampaignLinks } from '../features/campaigns/use-campaign-links';
import { SearchBox } from '../features/search';
import { useShopSettings } from '../lib/public-layout-data';
import { WithApollo } from '../lib/with-apollo';

// Downloaded when first opened: neither is needed to show a page.
const CartDrawer = lazy(() => import('../features/cart/cart-drawer').then((m) => ({ default: m.CartDrawer })));
const MobileMenu = lazy(() => import('../components/mobile-menu').then((m) => ({ default: m.MobileMenu })));

/** Wires the presentational header to the cart and the shared menu/cart drawer state. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useAtom(mobileMenuOpenAtom);
  const cartOpen = useAtomValue(cartOpenAtom);
  const campaignLinks = useCampaignLinks();
  const settings = useShopSettings();
  return (
    <>
      <SiteHeaderView
        cart={<CartButton />}
        search={<SearchBox variant="header" />}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        campaignLinks={campaignLinks}
        freeShippingFrom={settings?.freeShippingThreshold ?? null}
      />
      <Suspense fallback={null}>
        {menuOpen ? (
          <MobileMenu
            onClose={() => setMenuOpen(false)}
            cart={<MobileCartEntry />}
            search={<SearchBox variant="menu" onNavigate={() => setMenuOpen(false)} />}
            campaignLinks={campaignLinks}
          />
        ) : null}
        {cartOpen ? (
          <WithApollo>
            <CartDrawer />
          </WithApollo>
        ) : null}
      </Suspense>
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
