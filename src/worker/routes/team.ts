import { $ } from '@hono/zod-openapi';
import { inviteCreatedSchema, teamAnswerSchema, teamJoinedSchema } from '../../shared/api/team';
import type { User } from '../../shared/api/auth';
import {
  INVITE_VALID_DAYS,
  type InviteCreated,
  type TeamAnswer,
  teamInviteSchema,
  teamJoinPath,
  teamJoinSchema,
} from '../../shared/team';
import { ApiError } from '../errors';
import { requireUser } from '../auth/middleware';
import { requireVerifiedEmail } from '../auth/verified-email';
import { randomToken, sha256Hex } from '../encoding';
import {
  acceptInvite,
  deleteInvite,
  deleteMember,
  findInvite,
  insertInvite,
  leaveTeam,
  listMembers,
  listPendingInvites,
  ownsTeam,
  teamOwnerOf,
} from '../db/teams';
import { revokeUserSessions } from '../db/sessions';
import { findUserById } from '../db/users';
import { limitOf } from '../plans/limits';
import { apiRoute, apiRouter, jsonAnswer, jsonBody, noBody } from '../openapi/api-route';
import { DAY_MS } from '../../shared/time-units';

const TOKEN_BYTES = 32;

/** Team users a user may invite: the plan's seats, unlimited (null) for admins. */
function seatsOf(user: User): number | null {
  return limitOf(user, 'teamSeats');
}

function fail(status: 400 | 402 | 403 | 404 | 409 | 410, message: string): never {
  throw new ApiError(status, message);
}

const teamRoute = apiRoute({
  method: 'get',
  path: '/',
  tags: ['Team'],
  summary: 'The team as its owner or a member sees it',
  description:
    'An owner: `{role: "owner", seats, members, invites}`; a member: `{role: "member", owner: {email}}`. Members work under the owner\'s plan and one shared monthly quota; runs stay private.',
  rules: { access: 'user' },
  responses: { 200: jsonAnswer('The team', teamAnswerSchema) },
});

const inviteRoute = apiRoute({
  method: 'post',
  path: '/invites',
  tags: ['Team'],
  summary: 'Invite a user by email (Enterprise owners)',
  description:
    'Enterprise owners with a verified address: `{email}` → 201 `{invite, url}`, a link valid 7 days. Pending invites hold a seat; 402 without seats, or when all 3 are used.',
  rules: { access: 'user', plan: 'enterprise', errors: [400, 402, 409] },
  middleware: [requireVerifiedEmail('invite team members')] as const,
  request: { body: jsonBody(teamInviteSchema) },
  responses: { 201: jsonAnswer('The invite and its link', inviteCreatedSchema) },
});

const cancelInviteRoute = apiRoute({
  method: 'delete',
  path: '/invites/{id}',
  tags: ['Team'],
  summary: 'Cancel an invite',
  description: 'The owner cancels a pending invite → 204 (not theirs: 404).',
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

// An invite link is not mailed by us, so it proves nothing about the address it names.
const joinRoute = apiRoute({
  method: 'post',
  path: '/join',
  tags: ['Team'],
  summary: 'Accept an invite',
  description:
    "The invited email address accepts `{token}` once verified (403 before); 410 when the invite expired. Members work under the owner's plan and one shared monthly quota; runs stay private.",
  rules: { access: 'user', errors: [400, 404, 409, 410] },
  middleware: [requireVerifiedEmail('join a team')] as const,
  request: { body: jsonBody(teamJoinSchema) },
  responses: { 200: jsonAnswer('Whose team was joined', teamJoinedSchema) },
});

const removeMemberRoute = apiRoute({
  method: 'delete',
  path: '/members/{id}',
  tags: ['Team'],
  summary: 'Remove a member (their sessions end)',
  description: "The owner removes a member → 204, ending that member's sessions.",
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

const leaveRoute = apiRoute({
  method: 'delete',
  path: '/membership',
  tags: ['Team'],
  summary: 'Leave the team',
  description: "A member leaves the owner's team → 204.",
  rules: { access: 'user', errors: [404] },
  responses: { 204: noBody() },
});

/**
 * Team seats: an owner invites users by email (a link valid for INVITE_VALID_DAYS days),
 * members share the owner's plan and monthly quota, the owner removes members (their sessions
 * end) and a member may leave. Runs stay private to whoever made them.
 */
export const team = $(apiRouter().use(requireUser))
  .openapi(teamRoute, async (c) => {
    const user = c.var.user;
    const owner = await teamOwnerOf(c.env.DB, user.id);
    if (owner) return c.json({ role: 'member', owner: { email: owner.email } } satisfies TeamAnswer, 200);
    const now = new Date().toISOString();
    const answer: TeamAnswer = {
      role: 'owner',
      seats: seatsOf(user),
      members: await listMembers(c.env.DB, user.id),
      invites: await listPendingInvites(c.env.DB, user.id, now),
    };
    return c.json(answer, 200);
  })
  .openapi(inviteRoute, async (c) => {
    const user = c.var.user;
    const { email } = c.req.valid('json');
    if (await teamOwnerOf(c.env.DB, user.id)) fail(403, 'Only the team’s owner can invite users.');
    const seats = seatsOf(user);
    if (seats === 0) {
      fail(402, 'Team users come with the Enterprise plan, which includes 3. See /pricing.');
    }
    if (email === user.email) fail(400, 'You are already on your team: invite someone else.');
    const now = new Date();
    const token = randomToken(TOKEN_BYTES);
    const invite = {
      id: crypto.randomUUID(),
      email,
      expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS).toISOString(),
    };
    const stored = await insertInvite(
      c.env.DB,
      { ...invite, ownerId: user.id, tokenHash: await sha256Hex(token) },
      seats,
      now.toISOString(),
    );
    if (!stored) {
      fail(
        402,
        `Your plan includes ${seats} team users, and every seat is taken or invited. ` +
          'Remove a member or cancel an invite first.',
      );
    }
    const url = new URL(teamJoinPath(token), c.req.url).toString();
    return c.json({ invite, url } satisfies InviteCreated, 201);
  })
  .openapi(cancelInviteRoute, async (c) => {
    const deleted = await deleteInvite(c.env.DB, c.var.user.id, c.req.param('id'));
    if (!deleted) fail(404, 'No invite of yours has this id.');
    return c.body(null, 204);
  })
  .openapi(joinRoute, async (c) => {
    const user = c.var.user;
    const invite = await findInvite(c.env.DB, await sha256Hex(c.req.valid('json').token));
    if (!invite) fail(404, 'This invite link does not work: it was cancelled, used or never made.');
    const now = new Date().toISOString();
    if (invite.expiresAt <= now) fail(410, 'This invite has expired. Ask the team’s owner for a new one.');
    if (invite.email !== user.email) {
      fail(403, `This invite is for ${invite.email}. Sign in with that email address to accept it.`);
    }
    if (invite.ownerId === user.id) fail(400, 'This is your own team.');
    if (await ownsTeam(c.env.DB, user.id, now)) {
      fail(409, 'You own a team: remove its members and invites before joining another.');
    }
    const joined = await acceptInvite(c.env.DB, invite.id, invite.ownerId, user.id);
    if (!joined) fail(409, 'You are already on a team. Leave it before joining another.');
    const owner = await findUserById(c.env.DB, invite.ownerId);
    return c.json({ owner: { email: owner?.email ?? '' } }, 200);
  })
  .openapi(removeMemberRoute, async (c) => {
    const memberId = c.req.param('id');
    const removed = await deleteMember(c.env.DB, c.var.user.id, memberId);
    if (!removed) fail(404, 'No member of your team has this id.');
    // The member's sessions end: their next request signs in again, on their own plan.
    await revokeUserSessions(c.env.DB, memberId);
    return c.body(null, 204);
  })
  .openapi(leaveRoute, async (c) => {
    const left = await leaveTeam(c.env.DB, c.var.user.id);
    if (!left) fail(404, 'You are not on anyone’s team.');
    return c.body(null, 204);
  });
