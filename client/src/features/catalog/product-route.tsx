// Interim: replaced by the feature's real pages (issues 3–5).
import { Outlet } from 'react-router';
function Interim() { return <section className="interim"><h1>Enzo</h1><p>Esta sección estará disponible muy pronto.</p><Outlet /></section>; }
export const ProductRoute = Interim;
