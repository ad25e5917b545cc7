/** The browser app of the OAuth proof: a public application (PKCE, no secret), and where GitLab sends the browser back. */
export const APP = {
  clientId: 'browser-app',
  redirectUri: 'http://app.test/callback',
} as const;
