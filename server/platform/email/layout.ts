/** HTML-escapes text for element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** One block of an email: a paragraph, or a button-like link whose text and address are also shown as text. */
export type Block = { p: string } | { button: string; href: string } | { small: string };

/**
 * Renders blocks as the plain-text part and the HTML part of one mail, so both always say the same thing.
 * The HTML is a single centred column with inline styles, which mail clients render alike.
 */
export function renderBlocks(title: string, blocks: Block[]): { text: string; html: string } {
  const text = blocks
    .map((b) => ('p' in b ? b.p : 'button' in b ? `${b.button}:\n${b.href}` : b.small))
    .join('\n\n');
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(b.p)}</p>`;
      if ('small' in b)
        return `<p style="margin:24px 0 0;font-size:13px;color:#6b7280;line-height:1.5">${escapeHtml(b.small)}</p>`;
      const href = escapeHtml(b.href);
      return (
        `<p style="margin:24px 0"><a href="${href}" style="background:#f97316;color:#ffffff;` +
        `padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">` +
        `${escapeHtml(b.button)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#6b7280;word-break:break-all">${href}</p>`
      );
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:#f97316">SweatPact</p>
<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h1>
${body}
</div></body></html>`;
  return { text: `${title}\n\n${text}\n\n-- \nSweatPact`, html };
}
