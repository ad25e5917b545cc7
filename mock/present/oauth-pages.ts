import type { PreAuthorization } from '../rules/oauth/oauth.js';
import type { User } from '../world/types.js';

/**
 * The mock's HTML pages for GitLab's sign-in and OAuth consent (SPEC 7): plain,
 * readable and accessible (a language, a title, a heading, labelled fields, one
 * form each), and no script, so any browser or HTTP client can drive them.
 * @module
 */

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · GitLab (mock)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
label{display:block;margin-top:1rem;font-weight:600}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}
button{font:inherit;margin:1rem .5rem 0 0;padding:.5rem 1rem}[role=alert]{color:#a00;font-weight:600}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * `GET /users/sign_in`: the form, with an error after a refused attempt. With the "Sign in as" list,
 * the same one form also has a button per user (`sign_in_as`, no password needed, so it skips the
 * form's validation); the Sign in button stays first, so Enter in the password field still signs in.
 */
export function signInPage(action: string, error?: string, signInAs?: readonly User[]): string {
  const list =
    signInAs === undefined
      ? ''
      : `
<fieldset>
<legend>Sign in as</legend>
<p>This mock lists its users for local development: one click signs in, no password.</p>
${signInAs
  .map(
    (user) =>
      `<button type="submit" name="sign_in_as" value="${escapeHtml(user.username)}" formnovalidate>${escapeHtml(user.username)} (${escapeHtml(user.name)})</button>`,
  )
  .join('\n')}
</fieldset>`;
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="${escapeHtml(action)}">
<label for="user_login">Username or primary email</label>
<input id="user_login" name="user[login]" autocomplete="username" required>
<label for="user_password">Password</label>
<input id="user_password" name="user[password]" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>${list}
</form>`,
  );
}

/** The consent page: one form whose buttons approve (POST) or deny (`_method=delete`) the request. */
export function consentPage(action: string, user: User, pre: PreAuthorization): string {
  const hidden: Record<string, string | null | undefined> = {
    client_id: pre.app.application_id,
    redirect_uri: pre.redirectUri,
    state: pre.state,
    response_type: 'code',
    scope: pre.scopes.join(' '),
    nonce: pre.nonce,
    code_challenge: pre.codeChallenge,
    code_challenge_method: pre.codeChallengeMethod,
  };
  const fields = Object.entries(hidden)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value as string)}">`)
    .join('\n');
  const scopes = pre.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('\n');
  return page(
    'Authorize application',
    `<h1>Authorize ${escapeHtml(pre.app.name)} to use your account?</h1>
<p>Signed in as <strong>${escapeHtml(user.username)}</strong>. ${escapeHtml(pre.app.name)} asks for these scopes:</p>
<ul>
${scopes}
</ul>
<p>You will be sent to <code>${escapeHtml(pre.redirectUri)}</code>.</p>
<form method="post" action="${escapeHtml(action)}">
${fields}
<button type="submit">Authorize</button>
<button type="submit" name="_method" value="delete">Deny</button>
</form>`,
  );
}

/** An authorization request GitLab refuses without going back to the client: its description in a `<pre>`. */
export function authorizationErrorPage(description: string): string {
  return page(
    'An error has occurred',
    `<h1>An error has occurred</h1>
<pre role="alert">${escapeHtml(description)}</pre>`,
  );
}
