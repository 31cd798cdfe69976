/** The builder's own-data source: uploading, listing, choosing and deleting a CSV dataset. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../../fake-api';
import { DATASETS, STORAGE, marketApi } from '../../fake-market';
import { chooseUploadedData, input, openBuilder, optionsOf, select } from './builder-setup';

describe('your uploaded data', () => {
  const UPLOADED = {
    id: '9d8c7b6a-2222-4b4b-8c8c-abcdefabcdef',
    name: 'My daily bars',
    rows: 300,
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-10-26T00:00:00.000Z',
    timeframe: '1d',
  };
  const csvFile = (name = 'prices.csv', text = 'Date,Open,High,Low,Close\n2024-01-01,1,2,0.5,1.5\n') =>
    new File([text], name, { type: 'text/csv' });
  const uploadPanel = () => screen.getByRole('group', { name: 'Upload a CSV' });
  const posts = (calls: ReturnType<typeof marketApi>) =>
    calls.filter((call) => call.method === 'POST' && call.url.startsWith('/api/datasets'));

  it('is offered to signed-in users only', async () => {
    const signedOut = await openBuilder({}, null);
    expect(screen.queryByRole('group', { name: 'Upload a CSV' })).toBeNull();
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    signedOut.unmount();

    await openBuilder();
    const panel = uploadPanel();
    expect(within(panel).getByLabelText('CSV file').getAttribute('accept')).toBe('.csv,text/csv');
    const name = within(panel).getByLabelText('Dataset name (optional)') as HTMLInputElement;
    expect([name.type, name.value, name.maxLength, name.placeholder]).toEqual([
      'text',
      '',
      100,
      'The file’s name',
    ]);
    expect(panel.textContent).toContain('open, high, low, close and an optional volume');
    expect(panel.textContent).toContain('up to 20\u00a0MB');
  });

  it('uploads a CSV, says so, lists it and selects it with its timeframe and dates', async () => {
    let answer: (res: Response) => void = () => {};
    const { user, calls } = await openBuilder({
      'POST /api/datasets': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.upload(input('CSV file'), csvFile());
    await user.type(input('Dataset name (optional)'), 'My daily bars');
    // Enter in the name uploads; it does not preview the strategy.
    await user.keyboard('{Enter}');

    expect(screen.getByRole('status').textContent).toBe('Uploading...');
    expect(within(uploadPanel()).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('heading', { name: 'Review your parameters' })).toBeNull();
    const [post] = posts(calls);
    expect(post?.url).toBe('/api/datasets?name=My%20daily%20bars');
    expect(((post?.body as FormData).get('file') as File).name).toBe('prices.csv');

    answer(jsonResponse(201, { dataset: UPLOADED }));
    await waitFor(() => expect(select('Exchange').value).toBe('UPLOAD'));
    expect(screen.getByRole('status').textContent).toBe(
      'Uploaded: “My daily bars” has 300 1 day bars from 2024-01-01 to 2024-10-26. It is now the selected data, with its dates filled in.',
    );
    expect(select('Stock').value).toBe(UPLOADED.id);
    expect(select('Stock').selectedOptions[0]?.textContent).toBe('My daily bars');
    expect(optionsOf('Stock')).toEqual(['My daily bars', 'BTC hourly']);
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')?.textContent).toBe(
      'Your uploaded datasets (2)',
    );
    expect(select('Timeframe').value).toBe('1 day');
    expect(input('From date').value).toBe('2024-01-01');
    expect(input('To date').value).toBe('2024-10-26');
    // Ready for the next file.
    expect(input('CSV file').files).toHaveLength(0);
    expect(input('Dataset name (optional)').value).toBe('');
    expect(within(uploadPanel()).getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
  });

  it('shows the server’s message next to the control and keeps the file for a retry', async () => {
    let valid = false;
    const { user, calls } = await openBuilder({
      'POST /api/datasets': () =>
        valid
          ? jsonResponse(201, { dataset: { ...UPLOADED, name: 'prices.csv' } })
          : errorResponse(
              400,
              'invalid_request',
              'The file is not valid OHLCV data: line 4: high 10.5 is below low 11',
              [{ path: 'file', message: 'line 4: high 10.5 is below low 11' }],
            ),
    });
    await user.upload(input('CSV file'), csvFile());
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));

    const alert = await within(uploadPanel()).findByRole('alert');
    expect(alert.textContent).toBe('The file is not valid OHLCV data: line 4: high 10.5 is below low 11');
    expect(input('CSV file').files?.[0]?.name).toBe('prices.csv');
    expect(input('CSV file').getAttribute('aria-invalid')).toBe('true');
    expect(select('Exchange').value).toBe('US');
    expect(posts(calls)[0]?.url).toBe('/api/datasets');

    valid = true;
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(select('Stock').value).toBe(UPLOADED.id));
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
    expect(posts(calls)).toHaveLength(2);
  });

  it('shows the storage used of the plan’s cap, counts a new upload, and shows the cap’s refusal', async () => {
    let stored = [...DATASETS];
    let full = false;
    const capMessage = 'Your Basic plan stores up to 20 files (50 MB); delete a file or upgrade.';
    const { user } = await openBuilder({
      'GET /api/datasets': () =>
        jsonResponse(200, {
          datasets: stored,
          storage: { ...STORAGE, files: stored.length, bytes: STORAGE.bytes + (stored.length - 1) * 2048 },
        }),
      'POST /api/datasets': () => {
        if (full) return errorResponse(402, 'payment_required', capMessage);
        stored = [UPLOADED, ...stored];
        return jsonResponse(201, { dataset: UPLOADED });
      },
    });
    expect(
      await within(uploadPanel()).findByText('Storage used: 1 of 20 files, 1.5 MB of 50 MB.'),
    ).toBeTruthy();

    await user.upload(input('CSV file'), csvFile());
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect(
      await within(uploadPanel()).findByText('Storage used: 2 of 20 files, 1.6 MB of 50 MB.'),
    ).toBeTruthy();

    full = true;
    await user.upload(input('CSV file'), csvFile('more.csv'));
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect((await within(uploadPanel()).findByRole('alert')).textContent).toBe(capMessage);
  });

  it('refuses a file over 20 MB before sending it, and a missing file', async () => {
    const { user, calls } = await openBuilder();
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe('Choose a CSV file to upload.');

    const huge = csvFile('minute-bars.csv', 'x'.repeat(20 * 1024 * 1024 + 1));
    await user.upload(input('CSV file'), huge);
    const refusal = '“minute-bars.csv” is 20.1 MB: files can be up to 20 MB. Upload a shorter date range.';
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe(refusal);
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect(within(uploadPanel()).getByRole('alert').textContent).toBe(refusal);
    expect(posts(calls)).toEqual([]);

    // A file that fits clears the refusal.
    await user.upload(input('CSV file'), csvFile());
    expect(within(uploadPanel()).queryByRole('alert')).toBeNull();
  });

  it('says the server could not be reached on a network failure', async () => {
    const { user } = await openBuilder({
      'POST /api/datasets': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.upload(input('CSV file'), csvFile());
    await user.click(within(uploadPanel()).getByRole('button', { name: 'Upload' }));
    expect((await within(uploadPanel()).findByRole('alert')).textContent).toBe(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(input('CSV file').files?.[0]?.name).toBe('prices.csv');
  });

  it('deletes the selected upload after a confirm step, and falls back to the first exchange', async () => {
    const { user, calls } = await openBuilder({
      [`DELETE /api/datasets/${DATASETS[0]!.id}`]: () => new Response(null, { status: 204 }),
    });
    expect(screen.queryByRole('button', { name: 'Delete this dataset' })).toBeNull();
    await chooseUploadedData(user);

    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    const confirm = screen.getByRole('group', { name: 'Confirm delete' });
    expect(confirm.textContent).toContain('Delete “BTC hourly” for good?');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete this dataset' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(select('Exchange').value).toBe('US'));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/datasets/${DATASETS[0]!.id}`,
    ]);
    expect(select('Stock').value).toBe('AAPL');
    expect(select('Exchange').querySelector('optgroup[label="Your uploaded data"]')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Deleted “BTC hourly”.');
    expect(screen.queryByRole('button', { name: 'Delete this dataset' })).toBeNull();
    expect(document.activeElement).toBe(select('Exchange'));
  });

  it('keeps the dataset and says why when it could not be deleted', async () => {
    const { user } = await openBuilder({
      [`DELETE /api/datasets/${DATASETS[0]!.id}`]: () => jsonResponse(503, null, 'Service Unavailable'),
    });
    await chooseUploadedData(user);
    await user.click(screen.getByRole('button', { name: 'Delete this dataset' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The dataset could not be deleted: Server error: 503 Service Unavailable',
    );
    expect(select('Exchange').value).toBe('UPLOAD');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete this dataset' }));
  });
});
