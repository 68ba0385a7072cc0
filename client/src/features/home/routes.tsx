/** Route entry of the home feature (lazy-loaded by app/routes). */
export { HomeRoute } from './home-route';
