import type { Pet } from '../../gql/types';

/** Pets a product can be made for, as staff read them (the shop's «Mascota» filter). */
export const PETS: { pet: Pet; label: string }[] = [
  { pet: 'DOG', label: 'Perros' },
  { pet: 'CAT', label: 'Gatos' },
];
