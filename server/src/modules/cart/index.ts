// Cart: server-side quotes of what a shopper is about to buy.
export {
  CartService,
  type CartLineInput,
  type CartProblemKind,
  type Quote,
  type QuotedLine,
  type QuoteRequest,
} from './cart.service.js';
export { createCartResolvers } from './cart.resolvers.js';
