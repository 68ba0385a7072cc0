export { PaymentsPage } from './payments-page';
