import { z } from './zod.ts';

// Answers of the house ad calls (ads.paths.ts), for the server and the OpenAPI document.

export const houseBannerSchema = z.object({
  id: z.string(),
  name: z.string().describe('A sister site of the network'),
  url: z.string(),
});
export type HouseBanner = z.infer<typeof houseBannerSchema>;

export const offerSchema = z.object({
  offer_id: z.string(),
  pretitle: z.string(),
  title: z.string(),
  links: z.array(z.string()).describe('One is drawn per showing'),
  tag_patterns: z
    .array(z.string())
    .describe('The offer goes with videos having a tag that contains one; empty: any video'),
});
export type Offer = z.infer<typeof offerSchema>;

export const adsResponseSchema = z.object({
  banners: z.array(houseBannerSchema),
  offers: z.array(offerSchema),
  offer_chance: z.number().min(0).max(1).describe('How likely the offer takes a slot'),
});
export type AdsResponse = z.infer<typeof adsResponseSchema>;

export const partnerVideoSchema = z.object({
  title: z.string(),
  url: z.string(),
  thumb: z.string(),
  duration: z.string(),
});
export type PartnerVideo = z.infer<typeof partnerVideoSchema>;

export const partnerResponseSchema = z.object({ videos: z.array(partnerVideoSchema) });
export type PartnerResponse = z.infer<typeof partnerResponseSchema>;

export const adEventsResponseSchema = z.object({
  counted: z.number().int().describe('Events of the report that were counted'),
});
