import * as z from 'zod/mini';
import { lazySchema } from '../core/lazy.js';

/**
 * The instance itself: `GET /version` and `GET /metadata`.
 * @module
 */

/** The GitLab agent server for Kubernetes (KAS), as `GET /metadata` describes it. */
export const KasMetadata = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** KAS is enabled. */
    enabled: z.boolean(),
    /** The URL agents reach KAS at; `null` when KAS is disabled. */
    externalUrl: z.nullable(z.string()),
    /** The URL of KAS's Kubernetes API proxy; `null` when KAS is disabled (newer GitLab versions only). */
    externalK8sProxyUrl: z.optional(z.nullable(z.string())),
    /** KAS's version; `null` when KAS is disabled or did not answer. */
    version: z.nullable(z.string()),
  }),
);
/**
 * The GitLab agent server for Kubernetes (KAS), as `GET /metadata` describes it.
 * @interface
 */
export type KasMetadata = z.infer<typeof KasMetadata>;

/** What `GET /metadata` answers about the instance. */
export const Metadata = /* @__PURE__ */ lazySchema(() =>
  z.looseObject({
    /** The GitLab version, such as `18.6.0-ee`. */
    version: z.string(),
    /** The commit GitLab was built from (short sha). */
    revision: z.string(),
    /** The GitLab agent server for Kubernetes. */
    kas: KasMetadata,
    /** The Enterprise Edition. */
    enterprise: z.boolean(),
  }),
);
/**
 * What `GET /metadata` answers about the instance.
 * @interface
 */
export type Metadata = z.infer<typeof Metadata>;

/** What `GET /version` answers: the version and revision; newer GitLab versions answer as `GET /metadata`. */
export const Version = /* @__PURE__ */ lazySchema(() =>
  z.extend(Metadata, {
    /** The GitLab agent server for Kubernetes (newer GitLab versions only). */
    kas: z.optional(KasMetadata),
    /** The Enterprise Edition (newer GitLab versions only). */
    enterprise: z.optional(z.boolean()),
  }),
);
/**
 * What `GET /version` answers: the version and revision; newer GitLab versions answer as `GET /metadata`.
 * @interface
 */
export type Version = z.infer<typeof Version>;
