/** Public surface of the search feature (the header and the mobile menu compose it). */
export { SearchBox, type SearchBoxProps } from './search-box';
