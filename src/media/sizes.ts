// The sizes of a video's pictures: the main screenshot (`scr`, also the size every
// screenshot and the upload's candidate frames are taken at) and the listing thumb. The
// pipeline makes them from uploads; the demo art draws them for seeded videos.

export const PREVIEW_SIZE = { width: 640, height: 360 } as const;
export const THUMB_SIZE = { width: 320, height: 180 } as const;
