/** Team seats (Enterprise): invites, members and the answers of /api/team. */
import * as z from 'zod';
import { emailAddressSchema } from './auth';

/** How long an invite link stays valid. */
export const INVITE_VALID_DAYS = 7;

export const teamInviteSchema = z.object({ email: emailAddressSchema });
export const teamJoinSchema = z.object({
  token: z
    .string({ error: 'The invite link has no token' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This invite link is not valid'),
});

export type { InviteCreated, TeamAnswer, TeamInvite, TeamMember } from './api/team';

/** Where an invite is accepted, signed in. */
export const teamJoinPath = (token: string) => `/team/join?token=${token}`;
