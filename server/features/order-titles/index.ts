/** What other features may use from order titles; its routes are registered in ../index.ts. */
export { renameOrder } from './rename-order';
