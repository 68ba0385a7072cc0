// Interim: replaced by the feature's real pages (issues 3–5).
import { Outlet } from 'react-router';
function Interim() { return <section className="interim"><h1>Enzo</h1><p>Esta sección estará disponible muy pronto.</p><Outlet /></section>; }
export const LoginRoute = Interim;
export const StaffShell = Interim;
export const DashboardHomeRoute = Interim;
export const OrdersRoute = Interim;
export const OrderDetailRoute = Interim;
export const ProductsRoute = Interim;
export const DiscountCodesRoute = Interim;
