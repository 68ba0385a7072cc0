import { Catalog1763700000000 } from './1763700000000-catalog.js';

/** Every migration in order. Add new ones at the end; never edit one that has shipped. */
export const migrations = [Catalog1763700000000];
