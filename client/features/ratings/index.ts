/** The customer's rating of a delivered review (decision 068). */
export { RateDelivery } from './rate-delivery';
