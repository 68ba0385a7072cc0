/** Route entry of the home feature (lazy-loaded by app/routes). */
import { HomeMediaDocument } from './home.generated';

export { HomeRoute } from './home-route';
/** Queries whose results the server may embed in the HTML of this route (lib/initial-data). */
export const INITIAL_QUERIES = [HomeMediaDocument];
