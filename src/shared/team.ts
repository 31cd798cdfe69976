/** Team seats (Enterprise): invites, members and the answers of /api/team. */
import { z } from 'zod';
import { emailAddressSchema } from './auth';

/** How long an invite link stays valid. */
export const INVITE_VALID_DAYS = 7;

export const teamInviteSchema = z.object({ email: emailAddressSchema });
export const teamJoinSchema = z.object({
  token: z
    .string({ error: 'The invite link has no token' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This invite link is not valid'),
});

export interface TeamMember {
  id: string;
  email: string;
  joinedAt: string;
}

export interface TeamInvite {
  id: string;
  email: string;
  expiresAt: string;
}

/**
 * GET /api/team: an owner sees the seats (null = unlimited, for admins), the members and the
 * pending invites; a member sees whose team it is; anyone else sees the seats their plan has.
 */
export type TeamAnswer =
  | { role: 'owner'; seats: number | null; members: TeamMember[]; invites: TeamInvite[] }
  | { role: 'member'; owner: { email: string } };

/** POST /api/team/invites: the invite and its link (the token is shown this once). */
export interface InviteCreated {
  invite: TeamInvite;
  url: string;
}

/** Where an invite is accepted, signed in. */
export const teamJoinPath = (token: string) => `/team/join?token=${token}`;
