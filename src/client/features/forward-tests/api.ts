/** Forward tests' calls (Enterprise): list, one test, start, stop, delete, replay, and the live socket's address. */
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod';
import {
  forwardTestAnswerSchema,
  forwardTestCreatedSchema,
  type forwardTestCreateSchema,
  forwardTestListAnswerSchema,
  forwardTestReplaySchema,
  forwardTestStoppedSchema,
} from '../../../shared/api/forward-tests';
import { NO_CONTENT, apiFetch } from '../../lib/api-client';

const path = (id: string) => `/api/forward-tests/${encodeURIComponent(id)}`;

export const forwardTestsQuery = () =>
  queryOptions({
    queryKey: ['forward-tests'],
    queryFn: () => apiFetch('/api/forward-tests', forwardTestListAnswerSchema),
  });

export const forwardTestQuery = (id: string) =>
  queryOptions({
    queryKey: ['forward-tests', id],
    queryFn: () => apiFetch(path(id), forwardTestAnswerSchema),
  });

export const forwardReplayQuery = (id: string) =>
  queryOptions({
    queryKey: ['forward-tests', id, 'replay'],
    queryFn: () => apiFetch(`${path(id)}/replay`, forwardTestReplaySchema),
  });

export function startForwardTest(input: z.input<typeof forwardTestCreateSchema>) {
  return apiFetch('/api/forward-tests', forwardTestCreatedSchema, { method: 'POST', json: input });
}

export function stopForwardTest(id: string) {
  return apiFetch(`${path(id)}/stop`, forwardTestStoppedSchema, { method: 'POST' });
}

export function deleteForwardTest(id: string) {
  return apiFetch(path(id), NO_CONTENT, { method: 'DELETE' });
}

/** The live page's WebSocket address on this site (ws: or wss: as the page is served). */
export function liveSocketUrl(id: string, location: Pick<Location, 'href'> = window.location): string {
  const url = new URL(`${path(id)}/live`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
