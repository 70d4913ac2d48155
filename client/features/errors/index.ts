/** What other features may use from the errors feature. */
export { default as NotFoundPage } from './not-found-page';
