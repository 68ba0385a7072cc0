export { CatalogImportPage } from './catalog-import-page';
export { ChannelsPage } from './channels-page';
