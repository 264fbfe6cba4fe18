import { z } from './zod.ts';

// Shapes of the calls between members (SPEC.md §1: friends, messages): what a signed-in
// member knows about another member, channel or model, their friend requests and messages.
// All of them are private answers, never cached.

export const RELATION_TYPES = ['member', 'model', 'channel'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Friendship seen from the signed-in member. */
export const FRIEND_STATES = ['none', 'sent', 'received', 'friends'] as const;
export type FriendState = (typeof FRIEND_STATES)[number];

export const relationResponseSchema = z.object({
  subscribed: z.boolean().describe('The member subscribes to the object'),
  friend: z
    .enum(FRIEND_STATES)
    .describe(
      'type=member: none; sent (a request of this member waits); received (theirs waits); friends',
    ),
});
export type RelationResponse = z.infer<typeof relationResponseSchema>;

const numeric = z.string().regex(/^\d+$/);

export const memberRefSchema = z.object({
  user_id: numeric,
  username: z.string(),
  avatar: z.string().describe('Empty when the member has none'),
});
export type MemberRef = z.infer<typeof memberRefSchema>;

export const friendRequestSchema = memberRefSchema.extend({
  added_date: z.string().describe('YYYY-MM-DD HH:MM:SS (UTC)'),
});

export const friendRequestsResponseSchema = z.object({
  incoming: z.array(friendRequestSchema).describe('Requests waiting for this member, newest first'),
  outgoing: z.array(friendRequestSchema).describe('Requests of this member still waiting'),
});
export type FriendRequestsResponse = z.infer<typeof friendRequestsResponseSchema>;

/** SPEC.md is silent on message bounds; 1-2000 characters, like a long comment. */
export const MESSAGE_LIMITS = { min: 1, max: 2000, threadPage: 30, conversationsPage: 20 } as const;

export const messageSchema = z.object({
  message_id: numeric,
  from_me: z.boolean(),
  body: z.string(),
  added_date: z.string().describe('YYYY-MM-DD HH:MM:SS (UTC)'),
  read: z.boolean().describe('The recipient has opened the conversation since'),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  member: memberRefSchema,
  last: messageSchema,
  unread: z.number().int().nonnegative().describe('Messages from them not read yet'),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationsResponseSchema = z.object({
  conversations: z.array(conversationSchema).describe('Newest conversation first'),
  page: z.number().int().positive(),
  has_more: z.boolean(),
  unread: z.number().int().nonnegative().describe('All unread messages of this member'),
});
export type ConversationsResponse = z.infer<typeof conversationsResponseSchema>;

export const threadResponseSchema = z.object({
  member: memberRefSchema,
  messages: z.array(messageSchema).describe('Newest first'),
  page: z.number().int().positive(),
  has_more: z.boolean(),
});
export type ThreadResponse = z.infer<typeof threadResponseSchema>;

export const sendMessageResponseSchema = z.object({
  success: z.literal(1),
  message: messageSchema,
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;
