/**
 * The unsubscribe link's pages, rendered on the server (no sign-in, no script): GET asks to confirm, POST says
 * it is done; a bad link says so. Styled like the site (its colours, one card), readable at 390 px.
 */
import { escapeHtml } from '../../platform/mail/templates.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
background:#0e0d12;color:#f5f3f7;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:480px;background:#18161f;border:1px solid #34303f;border-radius:16px;padding:32px}
.brand{margin:0 0 24px;font-weight:800;letter-spacing:.08em;color:#ff5a36}
h1{margin:0 0 12px;font-size:1.5rem;line-height:1.25}
p{margin:0 0 16px;color:#b3adbd}
form{margin:24px 0 0}
button{font:inherit;font-weight:700;border:0;border-radius:999px;padding:12px 24px;background:#ff5a36;color:#16100e;
cursor:pointer;width:100%}
button:hover{background:#ff7657}
button:focus-visible,a:focus-visible{outline:3px solid #8ab4ff;outline-offset:2px}
a{color:#f5f3f7}
.done{color:#3ecf8e;font-weight:700}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · HFM</title><style>${STYLE}</style></head>
<body><main><p class="brand">HFM</p>${body}</main></body></html>`;
}

const what = (artistName: string | null) =>
  artistName === null ? 'every release mail' : `release mails about ${escapeHtml(artistName)}`;

export function confirmPage(artistName: string | null, token: string): string {
  const heading = artistName === null ? 'Stop all release mails?' : `Stop mails about ${escapeHtml(artistName)}?`;
  return page(
    heading,
    `<h1>${heading}</h1>
<p>You will no longer get ${what(artistName)}. Your subscriptions stay as they are, and new releases still show
in HFM under New for you.</p>
<form method="post" action="/api/releases/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Unsubscribe</button></form>
<p style="margin-top:16px">You can turn them back on at any time on your <a href="/members/account">Account page</a>.</p>`,
  );
}

export function donePage(artistName: string | null): string {
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p class="done">You will no longer get ${what(artistName)}.</p>
<p>Changed your mind? Turn them back on on your <a href="/members/account">Account page</a>.</p>`,
  );
}

export function badLinkPage(message: string): string {
  return page(
    'Link not valid',
    `<h1>This link does not work</h1><p>${escapeHtml(message)}</p>
<p><a href="/members/account">Open your Account page</a></p>`,
  );
}
