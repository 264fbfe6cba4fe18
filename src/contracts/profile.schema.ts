import { z } from './zod.ts';

// Shapes of `POST /api/member.php` (SPEC.md §7 "own profile"): the member's own profile,
// with what the public one leaves out (e-mail, birth date), and the answers of each section.

const choice = (values: string) => z.string().describe(`${values}; empty when not given`);

export const ownProfileSchema = z.object({
  user_id: z.string().regex(/^\d+$/),
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  pending_email: z
    .string()
    .describe(
      'The new address asked for with `section=email`, until its mailed link is opened (24 hours); empty when none',
    ),
  avatar: z.string().describe('URL; the placeholder when there is none (`has_avatar` 0)'),
  has_avatar: z.enum(['0', '1']),
  has_password: z
    .enum(['0', '1'])
    .describe('0 for an account made with Google: its deletion is confirmed by its username')
    .optional(),
  cover: z.string().describe('URL of the 1250x250 cover; empty when there is none'),
  age_verified: z.enum(['0', '1']),
  gender: choice('1 man, 2 woman, 3 shemale'),
  birth_date: z.string().describe('YYYY-MM-DD; empty when not given'),
  age: z.string().describe('Years, from the birth date; empty when not given'),
  relationship: choice('1 single, 2 married, 3 open'),
  orientation: choice('1 not sure, 2 hetero, 3 gay, 4 lesbian, 5 bisexual'),
  country: z.string().describe('Two-letter code, lower case; empty when not given'),
  city: z.string(),
  education: z.string(),
  occupation: z.string(),
  website: z.string(),
  interests: z.string(),
  about: z.string(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

export const memberAnswerSchema = z.object({
  success: z.literal(1),
  member: ownProfileSchema
    .optional()
    .describe(
      'section get, upd, email, email_cancel, u_ava, u_cover, del_ava, del_cover: the profile now',
    ),
});
export type MemberAnswer = z.infer<typeof memberAnswerSchema>;
