#!/usr/bin/env bash
# The shell recipe of docs/other-languages.md ("Stopping it"), run by test/interop/recipes.sh as the
# docs write it: `npx gitlab-admin-mock` started as a coprocess, stopped by closing its standard input.
set -euo pipefail

# docs:begin shell
# Start: a coprocess, whose standard input is a pipe this script holds; its first line is the URL.
coproc MOCK { npx gitlab-admin-mock --port 0 --seed demo --exit-with-stdin; }
read -r line <&"${MOCK[0]}"
GITLAB_URL=${line#GitLab mock listening on }
mock_pid=$MOCK_PID

curl -s "$GITLAB_URL/api/v4/version" # ... the tests, against $GITLAB_URL ...

# Stop: close its standard input; the server, and npx, exit 0.
exec {MOCK[1]}>&-
wait "$mock_pid"
# docs:end
echo
echo "exit $? $GITLAB_URL"
