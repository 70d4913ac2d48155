export const RECENT_ACTIVITY_COUNT = 3;

