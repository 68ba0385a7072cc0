// Staff shipping editor: free-shipping threshold, general fee and the rate table by destination.
export { ShippingPage } from './shipping-page';
