/** A milestone description, merge request title and user name that would run script if the inspector put it in the page as HTML (test/browser/inspector.test.ts). */
export const XSS_TITLE = '<img src=x onerror=alert(1)>';
