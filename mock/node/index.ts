/**
 * The mock GitLab on a real port, for curl, Python, Go or a browser app: a
 * node:http adapter over a mock ({@link createMockHttpServer}) and a one-call
 * server ({@link startMockServer}). The `gitlab-admin-mock` command line is
 * built on them. Node only.
 * @module gitlab-admin-sdk/mock/node
 */
export {
  createMockHttpServer,
  type MockServerOptions,
  type RunningMockServer,
  startMockServer,
} from './server.js';
