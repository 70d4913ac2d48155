/** What other features may use from the style-guide feature (issue 27, part 4: a house style the team enforces). */
export { houseStyleCheckOfOrder, styleGuideOfOrder, type OrderHouseStyleCheck } from './service';
export type { HouseStyleMatcher } from './matcher';
