/** What other features may use from the style-guide feature (Settings → House style, decision 046). */
export { HouseStyleCard } from './house-style-card';
