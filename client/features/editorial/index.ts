/** What other features may use from the editorial feature (Settings → Editorial responsibility, decision 060). */
export { EditorialCard } from './editorial-card';
