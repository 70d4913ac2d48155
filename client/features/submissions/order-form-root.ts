/**
 * The element around the order form on /check-now: a visitor's island hydrates exactly what is inside it
 * (order-form-island.tsx), so it must hold the form and nothing else.
 */
export const ORDER_FORM_ROOT_ID = 'order-form-root';
