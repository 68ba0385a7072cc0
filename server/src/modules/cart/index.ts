// Cart: server-side quotes of what a shopper is about to buy.
export { CartService, type CartLineInput, type CartProblemKind, type Quote, type QuotedLine } from './cart.service.js';
export { createCartResolvers } from './cart.resolvers.js';
