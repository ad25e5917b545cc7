import type { Metadata } from '../../src/models/instance.js';
import { isEnterprise } from '../rules/users.js';
import type { World } from '../world/types.js';
import { GITLAB_REVISION, GITLAB_VERSION } from '../world/world.js';

/**
 * GitLab's Metadata entity: `GET /metadata`, and `GET /version`, which newer
 * GitLab answers from the same query (`lib/api/metadata.rb`).
 * @module
 */

export function presentMetadata(world: World): Metadata {
  return {
    version: GITLAB_VERSION,
    revision: GITLAB_REVISION,
    // The mock runs no agent server for Kubernetes.
    kas: { enabled: false, externalUrl: null, externalK8sProxyUrl: null, version: null },
    enterprise: isEnterprise(world),
  };
}
