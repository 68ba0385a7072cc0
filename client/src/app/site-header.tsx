import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { MenuButton, SiteHeaderView } from '../components/site-header-view';
// Straight from the modules (not the feature's index): the drawer must stay out of the entry chunk.
import { CartButton } from '../features/cart/cart-button';
import { cartCountAtom, cartOpenAtom, mobileMenuOpenAtom } from '../features/cart/cart-atoms';
import { useCampaignLinks } from '../features/campaigns/use-campaign-links';
import { SearchBox } from '../features/search';
import { useShopSettings } from '../lib/public-layout-data';
import { useAfterFirstPaint } from '../lib/use-after-first-paint';
import { WithApollo } from '../lib/with-apollo';

// Downloaded when first needed: neither is needed to show a page.
const CartDrawer = lazy(() => import('../features/cart/cart-drawer').then((m) => ({ default: m.CartDrawer })));
const MobileMenu = lazy(() => import('../components/mobile-menu').then((m) => ({ default: m.MobileMenu })));

/**
 * Wires the presentational header to the cart and the shared menu/cart drawer state. Only the components that
 * show a drawer's state read it (the Menú button, the drawers), so opening one does not render the header again.
 */
export function SiteHeader() {
  const campaignLinks = useCampaignLinks();
  const settings = useShopSettings();
  return (
    <>
      <SiteHeaderView
        cart={<CartButton />}
        search={<SearchBox variant="header" />}
        menuButton={<MenuOpener />}
        campaignLinks={campaignLinks}
        freeShippingFrom={settings?.freeShippingThreshold ?? null}
      />
      <MobileMenuSlot campaignLinks={campaignLinks} />
      <CartDrawerSlot />
    </>
  );
}

function MenuOpener() {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  return <MenuButton expanded={open} onOpen={() => setOpen(true)} />;
}

/**
 * The Menú drawer. Once the page has painted after hydrating it is mounted hidden (its code loaded, its tree built),
 * so a tap on «Menú» only unhides it; a tap before that loads and builds it then, as the first opening always did.
 */
function MobileMenuSlot({ campaignLinks }: { campaignLinks: Array<{ to: string; label: string }> }) {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  const warm = useAfterFirstPaint();
  const close = useCallback(() => setOpen(false), [setOpen]);
  // The same elements on every render: opening the drawer does not render the search box or the cart entry again.
  const cart = useMemo(() => <MobileCartEntry />, []);
  const search = useMemo(() => <SearchBox variant="menu" onNavigate={close} />, [close]);
  if (!open && !warm) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenu open={open} onClose={close} cart={cart} search={search} campaignLinks={campaignLinks} />
    </Suspense>
  );
}

function CartDrawerSlot() {
  const open = useAtomValue(cartOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <WithApollo>
        <CartDrawer />
      </WithApollo>
    </Suspense>
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
