// Staff returns: the returns page, the order detail's returns section, the dashboard's due list.
export { ReturnsPage } from './returns-page';
export { OrderReturns } from './order-returns';
