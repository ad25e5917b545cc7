import type { Application, ApplicationWithSecret } from '../../src/models/applications.js';
import type { Application as ApplicationRecord } from '../world/types.js';

/**
 * OAuth applications as GitLab's Application entity shows them; the secret only
 * in ApplicationWithSecret (create and renew-secret) (GITLAB-BEHAVIOR 1).
 * @module
 */

export function presentApplication(app: ApplicationRecord): Application {
  return {
    id: app.id,
    application_id: app.application_id,
    application_name: app.name,
    callback_url: app.redirect_uri,
    confidential: app.confidential,
    scopes: app.scopes,
  };
}

export function presentApplicationWithSecret(app: ApplicationRecord): ApplicationWithSecret {
  return { ...presentApplication(app), secret: app.secret };
}
