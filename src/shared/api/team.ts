/** Answers of /api/team: the team as its owner or a member sees it, a new invite, a join. */
import * as z from 'zod';

export const teamMemberSchema = z.object({ id: z.string(), email: z.string(), joinedAt: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteAnswerSchema = z.object({ id: z.string(), email: z.string(), expiresAt: z.string() });
export type TeamInvite = z.infer<typeof teamInviteAnswerSchema>;

/**
 * GET /api/team: an owner sees the seats (null = unlimited, for admins), the members and the
 * pending invites; a member sees whose team it is.
 */
export const teamAnswerSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('owner'),
    seats: z.number().nullable(),
    members: z.array(teamMemberSchema),
    invites: z.array(teamInviteAnswerSchema),
  }),
  z.object({ role: z.literal('member'), owner: z.object({ email: z.string() }) }),
]);
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

/** POST /api/team/invites: the invite and its link (the token is shown this once). */
export const inviteCreatedSchema = z.object({ invite: teamInviteAnswerSchema, url: z.string() });
export type InviteCreated = z.infer<typeof inviteCreatedSchema>;

/** POST /api/team/join: whose team the user joined. */
export const teamJoinedSchema = z.object({ owner: z.object({ email: z.string() }) });
