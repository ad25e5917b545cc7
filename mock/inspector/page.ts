import { INSPECTOR_SCRIPT } from './script.js';

/**
 * The inspector page (docs/inspector.md): `GET /` and `GET /worlds/NAME/` when the client asks for
 * HTML, and its script and styles under `/__mock/inspector/`. All three are text inside the package
 * (no file read at run time, no CDN, no remote font), served with a strict Content-Security-Policy.
 * The page itself holds nothing of the world: it reads it through the admin routes.
 * @module
 */

/** Where the page's script and styles are served. */
export const INSPECTOR_ASSETS = '/__mock/inspector/';

/** Headers of every inspector answer: no inline script, no eval, no framing, no sniffing, nothing remote. */
export const INSPECTOR_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' blob: data:; " +
    "form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GitLab mock inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${INSPECTOR_ASSETS}inspector.css">
<script src="${INSPECTOR_ASSETS}inspector.js" defer></script>
</head>
<body>
<header>
  <h1>GitLab mock</h1>
  <label>World <select id="world"></select></label>
  <span id="clock"></span>
  <span id="count"></span>
</header>
<form id="login" hidden>
  <p>This mock does not listen on loopback: its admin token is needed to see the world.</p>
  <label>Admin token <input type="password" id="token" autocomplete="off" required></label>
  <button type="submit">Open</button>
  <p id="login-error" role="alert"></p>
</form>
<main id="main" hidden>
  <nav class="actions">
    <button type="button" id="reset">Reset world</button>
    <label>Clock + <input type="number" id="days" value="1" min="0" step="1"> days</label>
    <button type="button" id="advance">Move clock</button>
    <label>Fault on path <input id="fault-path" value="/projects" size="12"></label>
    <label>status <input type="number" id="fault-status" value="503" min="100" max="599"></label>
    <button type="button" id="fault-add">Set fault</button>
    <button type="button" id="fault-clear">Clear faults</button>
    <label>Rate limit <input type="number" id="limit" value="10" min="0"> requests a minute</label>
    <button type="button" id="limit-set">Set rate limit</button>
    <button type="button" id="limit-clear">Clear rate limits</button>
    <span id="misbehaving"></span>
    <button type="button" id="download">Download state</button>
    <label class="file">Load state <input type="file" id="load" accept="application/json,.json"></label>
  </nav>
  <p id="status" role="status"></p>
  <section id="requests-section">
    <h2>Requests</h2>
    <div class="filters">
      <select id="f-status" aria-label="Status"><option value="">any status</option><option value="2">2xx</option><option value="3">3xx</option><option value="4">4xx</option><option value="5">5xx</option></select>
      <input id="f-user" placeholder="user" aria-label="User">
      <input id="f-path" placeholder="path" aria-label="Path">
    </div>
    <div class="scroll"><table id="journal"><thead><tr><th>Method</th><th>Path</th><th>Status</th><th>User</th><th>Reason</th><th>Time (arrived; mock clock)</th></tr></thead><tbody id="journal-rows"></tbody></table></div>
    <div id="entry"></div>
  </section>
  <section><h2>Users and tokens</h2><div id="users" class="scroll"></div><div id="apps"></div></section>
  <section><h2>Groups and projects</h2><div id="tree"></div></section>
  <section><h2>Project</h2><select id="project" aria-label="Project"></select><div id="project-detail"></div></section>
</main>
</body>
</html>
`;

const CSS = `:root{font:14px/1.4 system-ui,sans-serif;color:#222;background:#fafafa}
body{margin:0}
header{display:flex;flex-wrap:wrap;gap:.5em 1em;align-items:center;padding:.5em 1em;background:#292961;color:#fff}
header h1{font-size:1.1em;margin:0}
main,#login{padding:0 1em 2em}
section{margin-top:1.5em}
h2{font-size:1.05em;border-bottom:1px solid #ccc}
h3{font-size:.95em;margin:.8em 0 .3em}
.actions{display:flex;flex-wrap:wrap;gap:.4em .8em;align-items:center;margin-top:.8em}
input[type=number]{width:4.5em}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.2em .4em;border-bottom:1px solid #e4e4e4;vertical-align:top}
.scroll{overflow-x:auto;max-height:28em;overflow-y:auto}
#journal tr{cursor:pointer}
#journal tr.refused td{background:#fff1f0}
#journal td.path{word-break:break-all}
#entry{background:#f0f0f0;padding:.5em;max-height:30em;overflow:auto}
#entry:empty{display:none}
.muted{color:#666}
.flag{display:inline-block;padding:0 .4em;border-radius:.6em;background:#eee;font-size:.85em;margin-left:.3em}
.token.dead{color:#999;text-decoration:line-through}
.token.dead .flag{text-decoration:none}
.scopes{font-family:ui-monospace,monospace;font-size:.85em}
ul.plain,ul.members{list-style:none;padding-left:0;margin:.2em 0}
ul.members{padding-left:1.2em}
.inherited{font-style:italic}
details{margin-left:calc(var(--depth,0)*1.2em)}
.kind{font-size:.8em;text-transform:uppercase;color:#666}
.milestone progress{margin:0 .5em;vertical-align:middle}
.burndown{display:block;width:280px;height:120px;background:#fff;border:1px solid #ddd}
.burndown polyline{fill:none;stroke:#292961;stroke-width:1.5}
.burndown .axis{stroke:#888;stroke-width:1}
.burndown text{font:9px system-ui,sans-serif;fill:#555}
.burndown .label{fill:#333}
#entry pre{white-space:pre-wrap;word-break:break-all;margin:.3em 0}
#entry h3{margin:.2em 0}
#journal td.time{white-space:nowrap}
.mr{border:1px solid #ddd;background:#fff;padding:.4em .6em;margin:.4em 0}
.approved{color:#1a7f37}
.pending{color:#9a6700}
button.copy{font-size:.8em;margin-left:.4em}
@media (max-width:600px){th:nth-child(5),td.reason,th:nth-child(6),#journal td:nth-child(6){display:none}}
`;

/** The page, or one of its assets, by path: `''` is the page. */
export function inspectorAsset(name: string): { type: string; body: string } | undefined {
  if (name === '') return { type: 'text/html; charset=utf-8', body: HTML };
  if (name === 'inspector.js') return { type: 'text/javascript; charset=utf-8', body: INSPECTOR_SCRIPT };
  if (name === 'inspector.css') return { type: 'text/css; charset=utf-8', body: CSS };
  return undefined;
}

/** Whether a request asks for HTML (a browser's navigation), the only kind the page answers at `/`. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html\b/i.test(accept);
}
