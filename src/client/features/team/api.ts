/** The team page's calls: the team, invites, members, leaving and accepting an invite. */
import { queryOptions } from '@tanstack/react-query';
import { inviteCreatedSchema, teamAnswerSchema, teamJoinedSchema } from '../../../shared/api/team';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const teamQuery = () =>
  queryOptions({ queryKey: queryKeys.team, queryFn: () => apiFetch('/api/team', teamAnswerSchema) });

export const inviteUser = (email: string) =>
  apiFetch('/api/team/invites', inviteCreatedSchema, { method: 'POST', json: { email } });

export const cancelInvite = (id: string) =>
  apiFetch(`/api/team/invites/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });

export const removeMember = (id: string) =>
  apiFetch(`/api/team/members/${encodeURIComponent(id)}`, NO_CONTENT, { method: 'DELETE' });

export const leaveTeam = () => apiFetch('/api/team/membership', NO_CONTENT, { method: 'DELETE' });

export const joinTeam = (token: string) =>
  apiFetch('/api/team/join', teamJoinedSchema, { method: 'POST', json: { token } });
