# shellcheck shell=bash
# Helpers for run.sh and curl.sh: start and stop the command-line mock, send requests, check what
# comes back. Sourced, not run. Needs GITLAB_ADMIN_MOCK (the command that runs gitlab-admin-mock), curl and jq.

MOCK_PID=''
GITLAB_URL=''
FAILURES=0

# start_mock SEED: runs the mock on a free port with SEED (`demo` or a seed document) and sets GITLAB_URL.
start_mock() {
  local fd line
  # shellcheck disable=SC2086 # GITLAB_ADMIN_MOCK is a command line, split on purpose.
  exec {fd}< <(exec $GITLAB_ADMIN_MOCK --port 0 --seed "$1")
  MOCK_PID=$!
  # The first line is `GitLab mock listening on http://HOST:PORT` (the timeout only stops a hang).
  if ! read -r -t 60 -u "$fd" line || [[ $line != 'GitLab mock listening on '* ]]; then
    echo "gitlab-admin-mock did not start with --seed $1: ${line:-no output}" >&2
    exit 1
  fi
  GITLAB_URL=${line#GitLab mock listening on }
}

# stop_mock: SIGTERM, which the mock answers by exiting 0.
stop_mock() {
  [[ -n $MOCK_PID ]] || return 0
  kill -TERM "$MOCK_PID"
  local code=0
  wait "$MOCK_PID" || code=$?
  MOCK_PID=''
  check "the mock exits 0 on SIGTERM" "$code" 0
}
trap 'if [[ -n $MOCK_PID ]]; then kill -TERM "$MOCK_PID"; fi' EXIT

# check WHAT ACTUAL EXPECTED: compares two strings, counts a failure.
check() {
  if [[ $2 == "$3" ]]; then
    return 0
  fi
  FAILURES=$((FAILURES + 1))
  printf '  FAIL %s\n    expected: %s\n    actual:   %s\n' "$1" "$3" "$2"
}

# api METHOD PATH TOKEN [curl options...]: one request under /api/v4; sets STATUS, BODY and HEADERS.
api() {
  local method=$1 path=$2 token=$3 headers_file response
  shift 3
  headers_file=$(mktemp)
  response=$(curl -sS -X "$method" -D "$headers_file" -w '\n%{http_code}' \
    ${token:+-H "PRIVATE-TOKEN: $token"} "$@" "$GITLAB_URL/api/v4$path")
  # shellcheck disable=SC2034 # read by the scenarios
  STATUS=${response##*$'\n'}
  BODY=${response%$'\n'*}
  HEADERS=$(tr -d '\r' <"$headers_file")
  rm -f "$headers_file"
}

# header NAME: a header of the last response (case-insensitive).
header() {
  grep -i "^$1:" <<<"$HEADERS" | head -1 | sed 's/^[^:]*: *//'
}

# json FILTER: jq FILTER applied to the last body, compact.
json() {
  jq -c "$1" <<<"$BODY"
}

# scenario NAME FUNCTION SEED: runs FUNCTION against a world of its own on the suite's server
# (GITLAB_MOCK_URL), a fresh copy of the demo seed, or of SEED's document loaded with PUT /__mock/state.
scenario() {
  local before=$FAILURES
  GITLAB_URL="$GITLAB_MOCK_URL/worlds/curl-$2"
  if [[ $3 != demo ]]; then
    check "$3 loads into the world" \
      "$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data-binary "@$3" "$GITLAB_URL/__mock/state")" 204
  fi
  "$2"
  check 'the world is dropped' \
    "$(curl -s -o /dev/null -w '%{http_code}' -X DELETE "$GITLAB_MOCK_URL/__mock/worlds/curl-$2")" 204
  if ((FAILURES == before)); then echo "  ok   $1"; else echo "  FAIL $1"; fi
}
