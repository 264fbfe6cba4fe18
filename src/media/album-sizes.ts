// The sizes of an album's stored pictures (docs/decisions/0032): an uploaded photo is made to
// them by the albums domain, a demo album's generated photo by the seed, so both read them here.

/** Longest side of a stored photo: sharp on a phone's screen, a fraction of the original's bytes. */
export const PHOTO_MAX_SIDE = 2048;
/** Short side of a thumbnail: a grid cell of ~200 CSS px on a twice-dense screen. */
export const THUMB_SHORT_SIDE = 400;
