import { BRAND } from '../../../shared/brand';
import { escapeHtml, headerSafe, htmlParagraphs } from '../format';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What every e-mail needs from configuration. */
export interface EmailFrame {
  publicUrl: string;
  supportEmail: string;
}

export interface EmailContent {
  subject: string;
  heading: string;
  /** Plain-text paragraphs (escaped for the HTML part). */
  intro: string[];
  details?: [label: string, value: string][];
  /** User-written text shown as a quotation (a message). */
  quote?: { label: string; text: string };
  action?: { label: string; path: string };
  outro?: string[];
}

const ACCENT = '#047857';
const INK = '#0f172a';
const MUTED = '#6b7280';

export function appUrl(frame: EmailFrame, path: string): string {
  return `${frame.publicUrl}${path}`;
}

/** One layout for every e-mail: the same content as a plain-text part and an HTML part. */
export function renderEmail(frame: EmailFrame, content: EmailContent): RenderedEmail {
  return {
    subject: headerSafe(content.subject, 180),
    text: renderText(frame, content),
    html: renderHtml(frame, content),
  };
}

function renderText(frame: EmailFrame, c: EmailContent): string {
  const lines: string[] = [c.heading, ''];
  for (const p of c.intro) lines.push(p, '');
  if (c.details?.length) {
    for (const [label, value] of c.details) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  if (c.quote) {
    lines.push(`${c.quote.label}:`, '');
    for (const line of c.quote.text.trim().split(/\r?\n/)) lines.push(`> ${line}`);
    lines.push('');
  }
  if (c.action) lines.push(`${c.action.label}: ${appUrl(frame, c.action.path)}`, '');
  for (const p of c.outro ?? []) lines.push(p, '');
  lines.push('--', `${BRAND.name}: human review for AI-generated text`, frame.publicUrl, `Questions? ${frame.supportEmail}`);
  return `${lines.join('\n')}\n`;
}

function renderHtml(frame: EmailFrame, c: EmailContent): string {
  const para = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const details = c.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;width:100%">${c.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 12px 6px 0;color:${MUTED};white-space:nowrap;vertical-align:top">${escapeHtml(label)}</td><td style="padding:6px 0;color:${INK};font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const quote = c.quote
    ? `<p style="margin:0 0 8px;color:${MUTED}">${escapeHtml(c.quote.label)}</p><blockquote style="margin:0 0 20px;padding:12px 16px 0;border-left:4px solid ${ACCENT};background:#ecfdf5;color:${INK}">${htmlParagraphs(c.quote.text)}</blockquote>`
    : '';
  const action = c.action
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(appUrl(frame, c.action.path))}" style="display:inline-block;background:${ACCENT};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(c.action.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:${INK}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 28px 0;font-size:22px;font-weight:700"><a href="${escapeHtml(frame.publicUrl)}" style="color:${INK};text-decoration:none">${BRAND.plain}<span style="color:${ACCENT}">${BRAND.accent}</span></a></td></tr>
<tr><td style="padding:20px 28px 8px">
<h1 style="margin:0 0 16px;font-size:20px;line-height:1.3">${escapeHtml(c.heading)}</h1>
${c.intro.map(para).join('')}${details}${quote}${action}${(c.outro ?? []).map(para).join('')}
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e5e7eb;color:${MUTED};font-size:13px">${BRAND.name}: human review for AI-generated text.<br>Questions? <a href="mailto:${escapeHtml(frame.supportEmail)}" style="color:${ACCENT}">${escapeHtml(frame.supportEmail)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}
