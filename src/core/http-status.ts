/** HTTP reason phrases of the statuses GitLab answers, for messages when a response carries none. */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** `Not Found` for 404; `undefined` for a status not in the table. */
export function reasonPhrase(status: number): string | undefined {
  return REASON_PHRASES[status];
}
