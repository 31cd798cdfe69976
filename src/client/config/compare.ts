/** How many runs the compare view shows at once (the history's selection obeys the same bounds). */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;
