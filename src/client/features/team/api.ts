/** The team page's calls: the team, invites, members, leaving and accepting an invite. */
import { queryOptions } from '@tanstack/react-query';
import type { InviteCreated, TeamAnswer } from '../../../shared/team';
import { apiFetch } from '../../lib/api-client';

export const teamQuery = () =>
  queryOptions({ queryKey: ['team'], queryFn: () => apiFetch<TeamAnswer>('/api/team') });

export const inviteUser = (email: string) =>
  apiFetch<InviteCreated>('/api/team/invites', { method: 'POST', json: { email } });

export const cancelInvite = (id: string) =>
  apiFetch<void>(`/api/team/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const removeMember = (id: string) =>
  apiFetch<void>(`/api/team/members/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const leaveTeam = () => apiFetch<void>('/api/team/membership', { method: 'DELETE' });

export const joinTeam = (token: string) =>
  apiFetch<{ owner: { email: string } }>('/api/team/join', { method: 'POST', json: { token } });
