import { z } from './zod.ts';

// Shapes of the console's API (`/api/admin/…`, decision 0043). Staff answers are private and
// never cached.

export const consoleMeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(['moderator', 'administrator']),
  permissions: z
    .array(z.string())
    .describe(
      'Every `action:entity:own|any` the staff member holds (src/server/kernel/access/policy.ts)',
    ),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;
