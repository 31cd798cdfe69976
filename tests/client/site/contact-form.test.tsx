import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, fakeApi, jsonResponse } from '../fake-api';
import { renderRoute } from '../render-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openContact(path = '/contact') {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Contact us' });
  return { ...view, form: screen.getByRole('form', { name: 'Send us a message' }) };
}

async function fillIn(form: HTMLElement, subject = 'Sales and plans') {
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText('Full Name'), 'Asha Rao');
  await user.type(within(form).getByLabelText('Email Address'), 'asha@example.com');
  await user.selectOptions(within(form).getByLabelText('Subject'), subject);
  await user.type(within(form).getByLabelText('Message'), 'Do you offer a team discount?');
  return user;
}

function errorOf(field: HTMLElement): string | null {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

describe('contact page', () => {
  it('shows the company facts the spec lists', async () => {
    await openContact();
    const shownHeadings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    for (const heading of [
      'Corporate information',
      'Registered office',
      'Business identifiers',
      'Contact channels',
      'Billing information',
    ]) {
      expect(shownHeadings).toContain(heading);
    }
    expect(screen.getByText('29AAKCB4821M1Z6', { selector: 'dd' }).previousElementSibling?.textContent).toBe(
      'GSTIN',
    );
  });

  it('checks the fields before sending and shows each error next to its field', async () => {
    const calls = fakeApi({});
    const user = userEvent.setup();
    const { form } = await openContact();
    await user.type(within(form).getByLabelText('Email Address'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    const name = within(form).getByLabelText('Full Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(name)).toBe('Enter your name');
    expect(errorOf(within(form).getByLabelText('Email Address'))).toBe(
      'Enter an email address like name@example.com',
    );
    expect(errorOf(within(form).getByLabelText('Subject'))).toBe('Choose a subject from the list');
    expect(errorOf(within(form).getByLabelText('Message'))).toBe('Write your message');
    expect(document.activeElement).toBe(name);
    expect(calls).toEqual([]);

    await user.type(name, 'A');
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(errorOf(name)).toBeNull();
  });

  it('sends the message, shows sending then success, and empties the form', async () => {
    let answer: (response: Response) => void = () => {};
    const calls = fakeApi({
      'POST /api/contact': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { form } = await openContact();
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(within(form).getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    expect(within(form).getByRole('status').textContent).toBe('Sending your message…');
    expect(calls).toEqual([
      {
        url: '/api/contact',
        method: 'POST',
        body: {
          name: 'Asha Rao',
          email: 'asha@example.com',
          subject: 'sales',
          message: 'Do you offer a team discount?',
          source: 'contact',
        },
      },
    ]);

    answer(jsonResponse(201, { id: '0b7c1c9e-2f4d-4c59-9d4e-2a1f3c5b6d7e' }));
    expect((await within(form).findByText(/Thank you, Asha Rao/)).textContent).toBe(
      'Thank you, Asha Rao. Your message is with our team (reference 0b7c1c9e); we reply by email.',
    );
    expect(within(form).getByRole('status').textContent).toContain('reference 0b7c1c9e');
    expect((within(form).getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the typed text and shows the server’s field errors when it refuses the message', async () => {
    fakeApi({
      'POST /api/contact': () =>
        errorResponse(400, 'invalid_request', 'Some fields need attention.', [
          { path: 'email', message: 'Enter an email address like name@example.com' },
        ]),
    });
    const { form } = await openContact();
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Your message was not sent. Some fields need attention.',
    );
    const email = within(form).getByLabelText('Email Address') as HTMLInputElement;
    expect(errorOf(email)).toBe('Enter an email address like name@example.com');
    expect(email.value).toBe('asha@example.com');
    expect((within(form).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Do you offer a team discount?',
    );
  });

  it('shows the rate-limit message and keeps the text, then sends on a later try', async () => {
    let refuse = true;
    fakeApi({
      'POST /api/contact': () =>
        refuse
          ? jsonResponse(429, {
              error: {
                code: 'rate_limited',
                message:
                  'You have sent too many messages in a short time. Please wait 42 seconds and try again.',
              },
            })
          : jsonResponse(201, { id: 'a1b2c3d4-0000-0000-0000-000000000000' }),
    });
    const { form } = await openContact();
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Please wait 42 seconds');
    expect((within(form).getByLabelText('Full Name') as HTMLInputElement).value).toBe('Asha Rao');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect((await within(form).findByText(/Thank you, Asha Rao/)).textContent).toBe(
      'Thank you, Asha Rao. Your message is with our team (reference a1b2c3d4); we reply by email.',
    );
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('says when the server cannot be reached, keeping the text', async () => {
    fakeApi({});
    const { form } = await openContact();
    const user = await fillIn(form);
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Your message is still here.');
    expect((within(form).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Do you offer a team discount?',
    );
  });

  it('opens with the subject a link chose (?subject=careers)', async () => {
    const { form } = await openContact('/contact?subject=careers');
    expect((within(form).getByLabelText('Subject') as HTMLSelectElement).value).toBe('careers');
  });
});

describe('support page form', () => {
  it('sends with source support', async () => {
    const calls = fakeApi({
      'POST /api/contact': () => jsonResponse(201, { id: 'feedc0de-0000-0000-0000-000000000000' }),
    });
    renderRoute('/features/support');
    const form = await screen.findByRole('form', { name: 'Ask the support team' });
    const user = await fillIn(form, 'Technical support');
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect((await within(form).findByText(/Thank you/)).textContent).toBe(
      'Thank you, Asha Rao. Your message is with our team (reference feedc0de); we reply by email.',
    );
    expect(calls[0]?.body).toMatchObject({ subject: 'technical', source: 'support' });
  });
});
