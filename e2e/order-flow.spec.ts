import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import type { Download, Page } from '@playwright/test';
import { formatPence } from '../shared/money';
import { quotePrice } from '../shared/pricing';
import type { ServiceTier } from '../shared/service-tiers';
import { E2E_BASE_URL } from './env';
import { E2E_PASSWORD, expect, expectToast, signUpViaApi, test, toastLocator, uniqueEmail } from './fixtures';


function words(count: number, prefix = 'word'): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(' ');
}

function priceLabel(count: number, tier: ServiceTier, fast: boolean): string {
  return formatPence(quotePrice(count, tier, fast).totalPence);
}

const content = (page: Page) => page.getByRole('textbox', { name: 'Your content' });
const submitButton = (page: Page) => page.getByRole('button', { name: 'Continue to Payment' });

async function fillOrderForm(
  page: Page,
  opts: { text: string; tier: 'Fact checked' | 'Polished' | 'Rewritten'; category: string; fast?: boolean; name?: string; email?: string },
) {
  await content(page).fill(opts.text);
  await page.getByRole('radio', { name: opts.tier }).check();
  await page.getByLabel('Category').selectOption({ label: opts.category });
  if (opts.fast) await page.getByLabel(/Fast turnaround/).check();
  if (opts.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(opts.name);
  if (opts.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(opts.email);
}

async function payWith(page: Page, card: string, amount: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

test.describe('the order form', () => {
  test('a visitor orders, signs up without losing the form, is declined, pays, and messages the team', async ({ page }) => {
    const text = `Our product launch ${words(95)} ends here.`; // 100 words
    const price = priceLabel(100, 'polished', false);
    expect(price).toBe('£6.00');

    await page.goto('/check-now');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submit your content for human review');
    await fillOrderForm(page, { text, tier: 'Polished', category: 'Blog post', name: 'Grace Hopper', email: 'grace@example.com' });
    await page.getByLabel('Tone (optional)').fill('Friendly');
    await expect(page.getByText('8/50 characters')).toBeVisible();
    await expect(page.getByTestId('word-count')).toHaveText('100');
    await expect(page.getByTestId('estimate-total')).toHaveText(price);
    await expect(page.getByText('min applied')).toHaveCount(0);
    await submitButton(page).click();

    await expectToast(page, 'Authentication Required', 'Please sign in to submit your content for review.');
    await expect(page).toHaveURL(/\/login$/);
    // The unsent form data plus wordCount (spec section 3; issue 25).
    const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingSubmission') ?? 'null') as unknown);
    expect(pending).toMatchObject({ content: text, wordCount: 100, serviceTier: 'polished' });
    await expect(page.getByText('Your submission is ready')).toBeVisible();
    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('visitor'));
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expectToast(page, 'Submission created', `Your submission ${id} has been created successfully.`);
    expect(await page.evaluate(() => [localStorage.getItem('pendingSubmission'), sessionStorage.getItem('pendingSubmission')])).toEqual([
      null,
      null,
    ]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
    await expect(page.getByText(id, { exact: true })).toBeVisible();
    await expect(page.getByText('Polished', { exact: true })).toBeVisible();
    await expect(page.getByText('Blog post', { exact: true })).toBeVisible();
    await expect(page.getByTestId('checkout-total')).toHaveText(price);
    await expect(page.getByText('What happens next?')).toBeVisible();
    await expect(page.getByText('Average turnaround: 2-3 business days.')).toBeVisible();
    await expect(page.getByText('Test mode', { exact: false }).first()).toBeVisible();

    await payWith(page, '4000 0000 0000 0002', price);
    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    await expect(page).toHaveURL(new RegExp(`/checkout/${id}$`));

    await payWith(page, '4242 4242 4242 4242', price);
    await expectToast(page, 'Payment Successful', 'Thank you for your purchase! Your submission is now in the queue for review.');
    await expect(page).toHaveURL(/\/dashboard$/);

    const card = page.locator(`[data-submission-id="${id}"]`);
    await expect(card.locator('[data-status]')).toHaveText('Paid');
    await expect(card.getByTestId('content-preview')).toContainText('Our product launch word1');
    await expect(page.getByTestId('counter-total-submissions')).toHaveText('1');

    await card.getByRole('button', { name: 'Messages' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('No messages yet.')).toBeVisible();
    const input = dialog.getByLabel('Your message');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await input.fill('   ');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await input.fill('Hello team');
    await input.press('Shift+Enter');
    await input.pressSequentially('Can you keep the British spelling?');
    await expect(dialog.getByText('45/1000')).toBeVisible();
    await input.press('Enter');
    await expectToast(page, 'Message Sent');
    await expect(input).toHaveValue('');
    const sent = dialog.getByRole('list', { name: 'Conversation' }).getByRole('listitem').first();
    await expect(sent).toContainText('You');
    await expect(sent).toContainText('Hello team\nCan you keep the British spelling?');
    await expect(dialog.getByRole('button', { name: 'Attachments are not available yet' })).toBeDisabled();
  });

  test('a signed-in customer submits straight to checkout at the shared price', async ({ page }) => {
    await signUpViaApi(page, { firstName: 'Sam', lastName: 'Signed' });
    await page.goto('/check-now');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Sam Signed');
    await fillOrderForm(page, { text: words(333), tier: 'Rewritten', category: 'Technical', fast: true });
    const price = priceLabel(333, 'rewritten', true);
    expect(price).toBe('£44.96');
    await expect(page.getByTestId('estimate-total')).toHaveText(price);
    await expect(page.getByText('+50% fee')).toBeVisible();
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expectToast(page, 'Submission created', new RegExp(id));
    await expect(page.getByTestId('checkout-total')).toHaveText(price);
    await expect(page.getByText('+50% fee')).toBeVisible();
    await expect(page.getByText('Average turnaround: 24 hours.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Pay ${price}` })).toBeVisible();
    await page.goto('/check-now');
    await expect(content(page)).toHaveValue(''); // the draft is cleared once the order exists
  });

  test('3,000 words joined by /, ·, |, _ or . are priced as 3,000 words, and checkout charges it (issue 28)', async ({ page }) => {
    await signUpViaApi(page, { firstName: 'Jo', lastName: 'Joined' });
    await page.goto('/check-now');
    const price = priceLabel(3000, 'fact-checked', false);
    expect(price).toBe('£120.00');
    for (const joiner of ['\u00B7', '|', '_', '.', '/']) {
      await fillOrderForm(page, { text: words(3000).split(' ').join(joiner), tier: 'Fact checked', category: 'Blog post' });
      await expect(page.getByTestId('word-count')).toHaveText('3,000');
      await expect(page.getByTestId('estimate-total')).toHaveText(price);
    }
    await submitButton(page).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    await expect(page.getByTestId('checkout-total')).toHaveText(price);
  });

  test('the minimum charge, the inline messages, the 0-word and the 3,000-word rules', async ({ page }) => {
    await page.goto('/check-now');
    await expect(submitButton(page)).toBeDisabled();
    await expect(page.getByText('Content required: Please enter some content to review.')).toBeVisible();

    await content(page).fill('short');
    await page.getByLabel('Website (optional)').fill('not a url');
    await submitButton(page).click();
    const messages = [
      'Content must be at least 10 characters long',
      'Please select a service tier',
      'Please select a category',
      'Name is required',
      'Please enter a valid email',
      'Please enter a valid URL',
    ];
    // An error summary takes the focus and links to each field in the form's order; each field says it too.
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(messages);
    for (const message of messages) await expect(page.locator('#check-now-form').getByText(message)).toBeVisible();
    await summary.getByRole('link', { name: 'Please select a category' }).press('Enter');
    await expect(page.getByLabel('Category')).toBeFocused();
    await expect(page).toHaveURL(/\/check-now$/);

    await content(page).fill(words(100));
    await page.getByRole('radio', { name: 'Fact checked' }).check();
    expect(quotePrice(100, 'fact-checked', false).minimumApplied).toBe(true);
    await expect(page.getByTestId('estimate-total')).toHaveText(priceLabel(100, 'fact-checked', false));
    await expect(page.getByText('min applied')).toBeVisible();

    await content(page).fill(words(3001));
    await expect(page.getByTestId('word-count')).toHaveText('3,001');
    const warning = page.getByRole('alert').filter({ hasText: 'Content too long' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: 'support@humanproof.example' })).toHaveAttribute(
      'href',
      'mailto:support@humanproof.example',
    );
    await expect(submitButton(page)).toBeDisabled();
    await content(page).fill(words(3000));
    await expect(warning).toBeHidden();
    await expect(submitButton(page)).toBeEnabled();
  });

  test('what was typed survives a reload', async ({ page }) => {
    await page.goto('/check-now');
    await fillOrderForm(page, { text: 'A draft that must not be lost on reload.', tier: 'Rewritten', category: 'Email', name: 'Kim' });
    // The tab's draft holds it (the form keeps it from hydration on; typed earlier, hydration takes it up first).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('humanproof:check-now-draft') ?? '')).toContain('"contactName":"Kim"');
    await page.reload();
    await expect(content(page)).toHaveValue('A draft that must not be lost on reload.');
    await expect(page.getByRole('radio', { name: 'Rewritten' })).toBeChecked();
    await expect(page.getByLabel('Category')).toHaveValue('email');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kim');
  });
});

test.describe('prefilling the form', () => {
  test('from the field query parameters', async ({ page }) => {
    const params = new URLSearchParams({
      content: 'Prefilled content from a partner link.',
      serviceTier: 'rewritten',
      category: 'marketing',
      tone: 'Bold',
      targetAudience: 'Founders',
      englishVariant: 'american',
      instructions: 'Check the numbers',
      additionalNotes: 'Due Friday',
      fastTurnaround: 'true',
      contactName: 'Pat Partner',
      contactEmail: 'pat@example.com',
      contactPhone: '+44 20 1234 5678',
      contactWebsite: 'https://example.com',
    });
    await page.goto(`/check-now?${params}`);
    await expectToast(page, 'Form prepopulated');
    await expect(content(page)).toHaveValue('Prefilled content from a partner link.');
    await expect(page.getByRole('radio', { name: 'Rewritten' })).toBeChecked();
    await expect(page.getByLabel('Category')).toHaveValue('marketing');
    await expect(page.getByLabel('Tone (optional)')).toHaveValue('Bold');
    await expect(page.getByLabel('Target audience (optional)')).toHaveValue('Founders');
    await expect(page.getByRole('radio', { name: 'American English' })).toBeChecked();
    await expect(page.getByLabel('Instructions for the reviewer (optional)')).toHaveValue('Check the numbers');
    await expect(page.getByLabel('Additional notes (optional)')).toHaveValue('Due Friday');
    await expect(page.getByLabel(/Fast turnaround/)).toBeChecked();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Pat Partner');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('pat@example.com');
    await expect(page.getByLabel('Phone (optional)')).toHaveValue('+44 20 1234 5678');
    await expect(page.getByLabel('Website (optional)')).toHaveValue('https://example.com');
    await expect(page.getByTestId('estimate-total')).toHaveText(priceLabel(6, 'rewritten', true));
  });

  test('from a prior submission, and a clear error when it cannot be loaded', async ({ page }) => {
    await signUpViaApi(page);
    const created = await page.request.post('/api/submissions', {
      headers: { origin: E2E_BASE_URL },
      data: {
        content: 'An earlier draft the customer wants to order again.',
        serviceTier: 'fact-checked',
        category: 'social-media',
        tone: 'Playful',
        englishVariant: 'british',
        fastTurnaround: true,
        contactName: 'Someone',
        contactEmail: 'someone@example.com',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/check-now?submissionId=${id}`);
    await expectToast(page, 'Content loaded', /contact details/);
    await expect(content(page)).toHaveValue('An earlier draft the customer wants to order again.');
    await expect(page.getByRole('radio', { name: 'Fact checked' })).toBeChecked();
    await expect(page.getByLabel('Category')).toHaveValue('social-media');
    await expect(page.getByLabel('Tone (optional)')).toHaveValue('Playful');
    await expect(page.getByLabel(/Fast turnaround/)).toBeChecked();

    await page.goto('/check-now?submissionId=does-not-exist');
    await expectToast(page, 'Error', 'Could not load submission data. Please try again.');
    await expect(content(page)).toBeVisible();
  });
});

test.describe('uploading a document', () => {
  test('a real .docx and a real .pdf become the content; an unreadable file changes nothing', async ({ page }, testInfo) => {
    const docxPath = testInfo.outputPath('brief.docx');
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun({ text: 'Quarterly report', bold: true })] }),
            new Paragraph('Revenue grew by twelve percent in the third quarter.'),
          ],
        },
      ],
    });
    writeFileSync(docxPath, await Packer.toBuffer(doc));

    const htmlPath = testInfo.outputPath('letter.html');
    const pdfPath = testInfo.outputPath('letter.pdf');
    writeFileSync(htmlPath, '<html><body><p>Dear reader, this PDF was printed by Chromium for the upload test.</p></body></html>');
    execFileSync('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-gpu', `--print-to-pdf=${pdfPath}`, '--no-pdf-header-footer', `file://${htmlPath}`], {
      stdio: 'ignore',
      timeout: 60_000,
    });

    await page.goto('/check-now');
    await page.getByRole('tab', { name: 'Upload document' }).click();
    await page.locator('#content-file').setInputFiles(docxPath);
    await expectToast(page, 'File uploaded', /brief\.docx/);
    await expect(page.getByTestId('upload-preview')).toContainText('Revenue grew by twelve percent');
    await expect(page.getByTestId('word-count')).toHaveText('11');
    await page.getByRole('tab', { name: 'Paste text' }).click();
    await expect(content(page)).toHaveValue(/Quarterly report\s+Revenue grew by twelve percent in the third quarter\./);

    await page.getByRole('tab', { name: 'Upload document' }).click();
    await page.locator('#content-file').setInputFiles(pdfPath);
    await expectToast(page, 'File uploaded', /letter\.pdf/);
    await expect(page.getByTestId('upload-preview')).toContainText('Dear reader, this PDF was printed by Chromium');
    await page.getByRole('tab', { name: 'Paste text' }).click();
    await expect(content(page)).toHaveValue(/Dear reader, this PDF was printed by Chromium for the upload test\./);
    const before = await content(page).inputValue();

    await page.getByRole('tab', { name: 'Upload document' }).click();
    await page.locator('#content-file').setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await expect(page.getByRole('alert').filter({ hasText: /file/i }).first()).toBeVisible();
    await expect(toastLocator(page).getByText('Upload failed', { exact: true })).toBeVisible();
    await page.locator('#content-file').setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await expect(page.getByText('This file type is not supported. Please upload a .txt, .docx or .pdf file.')).toBeVisible();
    await page.getByRole('tab', { name: 'Paste text' }).click();
    await expect(content(page)).toHaveValue(before);
  });
});

test.describe('the dashboard', () => {
  test('empty states, then a completed review: details, download, team messages and the counters', async ({ page, browser, signUpAdmin }) => {
    await signUpViaApi(page, { firstName: 'Dana' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Dana!');
    await expect(page.getByText('No submissions yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Submit your first content' })).toHaveAttribute('href', '/check-now');
    await page.goto('/dashboard');
    await expect(page.getByText('No recent activity')).toBeVisible();

    // An order, paid through the API, then completed by a reviewer.
    const api = page.request;
    const headers = { origin: E2E_BASE_URL };
    const created = await api.post('/api/submissions', {
      headers,
      data: { content: words(40, 'text'), serviceTier: 'polished', category: 'general', contactName: 'Dana', contactEmail: 'dana@example.com' },
    });
    const { id } = (await created.json()) as { id: string };
    const intent = await api.post('/api/create-payment-intent', { headers, data: { submissionId: id } });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const paid = await api.post('/api/payments/sandbox/confirm', {
      headers,
      data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(paid.status()).toBe(200);

    const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    const adminPage = await adminContext.newPage();
    await signUpAdmin(adminPage, { firstName: 'Rita', lastName: 'Reviewer' });
    const claimed = await adminPage.request.post(`/api/admin/submissions/${id}/claim`, { headers });
    expect(claimed.status(), await claimed.text()).toBe(200);
    const review = await adminPage.request.patch(`/api/admin/submissions/${id}/review`, {
      headers,
      data: {
        version: ((await claimed.json()) as { reviewVersion: number }).reviewVersion,
        id,
        reviewedContent: 'The reviewed text, checked by a human.',
        reviewerNotes: 'Two claims needed sources.',
        complete: true,
        attachmentMode: 'text',
        documentLink: '',
        uploadedDocuments: [],
      },
    });
    expect(review.status(), await review.text()).toBe(200);
    const reply = await adminPage.request.post('/api/messages', { headers, data: { submissionId: id, content: 'Your review is ready.' } });
    expect(reply.status()).toBe(201);
    await adminContext.close();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expectToast(page, 'Refreshed', 'Submissions list updated');
    const card = page.locator(`[data-submission-id="${id}"]`);
    await expect(card.locator('[data-status]')).toHaveText('Completed');
    await expect(page.getByTestId('counter-completed')).toHaveText('1');
    await page.reload();
    await expect(page.getByTestId('counter-messages')).toHaveText('1');
    // Once delivered, the card previews the reviewed text (issue 45), no longer the original.
    const preview = await card.getByTestId('content-preview').textContent();
    expect(preview).toBe('Reviewed: The reviewed text, checked by a human.');

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog');
    await expect(details.getByText('Two claims needed sources.')).toBeVisible();
    await expect(details.getByText('The reviewed text, checked by a human.')).toBeVisible();
    // The order's details follow the result, folded (issue 45).
    await details.getByText('Order details', { exact: true }).click();
    await expect(details.getByText('Due date')).toBeVisible();
    // How the price was reached: the counted words times the rate (issue 28); 40 words fall under the minimum.
    await expect(details.getByTestId('price-breakdown')).toHaveText('40 words × £0.06 = £2.40 (minimum charge £5.00)');
    await details.getByRole('button', { name: 'Close' }).click();

    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${id}-reviewed.txt`);
    const saved = readDownload(download);
    expect(await saved).toContain('The reviewed text, checked by a human.');

    await card.getByRole('button', { name: 'Messages' }).click();
    const thread = page.getByRole('dialog').getByRole('list', { name: 'Conversation' });
    await expect(thread.getByText('HumanProof review team')).toBeVisible();
    await expect(thread.getByText('Your review is ready.')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByTestId('counter-messages')).toHaveText('0');

    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recent submissions' });
    await expect(recent.getByText(id)).toBeVisible();
    await expect(recent.locator('[data-status]')).toHaveText('Completed');
  });
});

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
