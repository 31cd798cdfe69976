import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, errorResponse, jsonResponse } from '../fake-api';
import { resetPageAfterEachTest } from '../page-test-hooks';
import { renderRoute } from '../render-route';

const ERROR = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };

/** A document of two tags and three operations, in the shape the worker writes. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Backtest Studio API',
    version: '9.9.9',
    description: 'Send `Authorization: Bearer bts_...`.',
  },
  servers: [{ url: 'https://backtest.example' }],
  paths: {
    '/api/health': {
      get: {
        operationId: 'getApiHealth',
        tags: ['Meta'],
        summary: 'Whether the stores answer',
        security: [],
        responses: { 200: { description: 'Healthy' } },
      },
    },
    '/api/backtests/{id}': {
      get: {
        operationId: 'getApiBacktestsId',
        tags: ['Backtests'],
        summary: 'A stored run',
        description:
          'The user’s own runs only (others 404).\n\nAdds `trials: {count, dsr}`, the strategies tried on its data.',
        security: [{ bearerToken: ['read'] }, { sessionCookie: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The run',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
              },
            },
          },
          404: { description: 'Not found (or not yours)', ...ERROR },
        },
      },
      delete: {
        operationId: 'deleteApiBacktestsId',
        tags: ['Backtests'],
        summary: 'Delete a run',
        security: [{ sessionCookie: [] }],
        'x-plan': 'enterprise',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { confirm: { const: true } }, required: ['confirm'] },
            },
          },
        },
        responses: { 204: { description: 'Deleted' }, default: { description: 'Any other error', ...ERROR } },
      },
    },
  },
  components: {
    schemas: {
      ApiError: {
        type: 'object',
        properties: { error: { type: 'object', properties: { code: { type: 'string' } } } },
        required: ['error'],
      },
    },
    securitySchemes: {
      bearerToken: { type: 'http', scheme: 'bearer', description: 'A personal access token.' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
    },
  },
};

const operation = (name: string) => screen.getByRole('region', { name });

describe('the API reference page', () => {
  resetPageAfterEachTest();

  it('lists every operation under its tag with its summary and who may call it', async () => {
    fakeApi({ 'GET /api/openapi.json': () => jsonResponse(200, DOCUMENT) });
    renderRoute('/api/docs');
    await screen.findByRole('heading', { level: 2, name: 'Meta' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Backtest Studio API reference');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'GET /api/health',
      'GET /api/backtests/{id}',
      'DELETE /api/backtests/{id}',
      'ApiError',
    ]);
    expect(within(operation('GET /api/health')).getByText('Public: no sign-in needed.')).toBeTruthy();
    expect(
      within(operation('GET /api/backtests/{id}')).getByText(
        'Needs a token with the read scope or the session cookie.',
      ),
    ).toBeTruthy();
    expect(
      within(operation('DELETE /api/backtests/{id}')).getByText(
        'Needs the session cookie. Tokens are refused. Plan: Enterprise.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Authorization: Bearer bts_...').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    const sections = screen.getByRole('navigation', { name: 'API sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#tag-meta', '#tag-backtests', '#authentication', '#schemas']);
  });

  it('shows what an operation does under its heading, before it is opened, one paragraph per blank line', async () => {
    fakeApi({ 'GET /api/openapi.json': () => jsonResponse(200, DOCUMENT) });
    renderRoute('/api/docs');
    const region = await screen.findByRole('region', { name: 'GET /api/backtests/{id}' });
    const paragraphs = [...region.querySelectorAll('p')].map((paragraph) => paragraph.textContent);
    expect(paragraphs).toEqual([
      'A stored run',
      'The user’s own runs only (others 404).',
      'Adds trials: {count, dsr}, the strategies tried on its data.',
      'Needs a token with the read scope or the session cookie.',
    ]);
    expect(within(region).getByText('trials: {count, dsr}').tagName).toBe('CODE');
    expect(region.querySelector('details')!.open).toBe(false);
    // An operation without a description shows its summary and callers only.
    const health = [...operation('GET /api/health').querySelectorAll('p')].map((p) => p.textContent);
    expect(health).toEqual(['Whether the stores answer', 'Public: no sign-in needed.']);
  });

  it('shows an operation’s parameters, request body and responses once opened', async () => {
    fakeApi({ 'GET /api/openapi.json': () => jsonResponse(200, DOCUMENT) });
    renderRoute('/api/docs');
    const card = within(await screen.findByRole('region', { name: 'GET /api/backtests/{id}' }));
    expect(card.queryByRole('heading', { name: 'Parameters' })).toBeNull();
    await userEvent.click(card.getByText('Parameters and responses'));
    expect(card.getByRole('heading', { level: 4, name: 'Parameters' })).toBeTruthy();
    const parameter = card.getAllByText('id', { selector: 'code' })[0]!.closest('li')!;
    expect(parameter.textContent).toBe('id string required · in path');
    expect(card.getByRole('link', { name: 'ApiError' }).getAttribute('href')).toBe('#schema-ApiError');

    const remove = within(operation('DELETE /api/backtests/{id}'));
    await userEvent.click(remove.getByText('Request body and responses'));
    expect(remove.getByText('confirm', { selector: 'code' }).closest('li')!.textContent).toBe(
      'confirm true required',
    );
    expect(remove.getByText('Other')).toBeTruthy();
  });

  it('opens the operation the address names', async () => {
    fakeApi({ 'GET /api/openapi.json': () => jsonResponse(200, DOCUMENT) });
    renderRoute('/api/docs#deleteApiBacktestsId');
    const card = within(await screen.findByRole('region', { name: 'DELETE /api/backtests/{id}' }));
    expect(card.getByRole('heading', { level: 4, name: 'Request body' })).toBeTruthy();
  });

  it('says when the document could not be loaded, and asks again', async () => {
    let answers = 0;
    fakeApi({
      'GET /api/openapi.json': () =>
        ++answers === 1 ? errorResponse(503, 'unavailable', 'Try later') : jsonResponse(200, DOCUMENT),
    });
    renderRoute('/api/docs');
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Meta' })).toBeTruthy());
  });
});
