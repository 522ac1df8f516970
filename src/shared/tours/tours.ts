/** The guided tours of 002 §2: 'landing' on the welcome screen, 'editor' in an open paper. */
export const TOUR_NAMES = ['landing', 'editor'] as const;
export type TourName = (typeof TOUR_NAMES)[number];

/** 002 §4, §9: the editor tour starts this long after a paper is open and loaded. */
export const TOUR_DELAY_MS = 1000;
