export { ContentPage } from './content-page';
