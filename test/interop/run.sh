#!/usr/bin/env bash
# The interop suite (`npm run test:interop`, CI only): the command-line mock, built as users get it
# (`gitlab-admin-mock`, dist/mock/cli.js), driven by clients this project did not write: curl
# (curl.sh), Python with python-gitlab and requests (*_test.py), and pytest (pytest/). One server
# for the whole suite; every scenario and test has a world of its own on it, so the curl script and
# each Python file run in parallel processes.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Debian's python3-gitlab (which brings python3-requests) and python3-pytest install for the system
# interpreter, not for whatever python3 comes first on PATH.
PYTHON=/usr/bin/python3
missing=()
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
"$PYTHON" -c 'import gitlab, requests' 2>/dev/null || missing+=(python3-gitlab)
"$PYTHON" -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
"$PYTHON" -c 'import authlib' 2>/dev/null || missing+=(python3-authlib)
command -v ansible-playbook >/dev/null || missing+=(ansible)
if ((${#missing[@]} > 0)); then
  echo "test:interop needs Debian packages: apt-get install -y ${missing[*]} (.ci/run installs them)" >&2
  exit 1
fi

npm run --silent build >/dev/null
# The `node` devDependency (Node 24), whatever node is first on PATH.
export GITLAB_ADMIN_MOCK="$PWD/node_modules/.bin/node $PWD/dist/mock/cli.js"
# shellcheck source=test/interop/lib.sh
source test/interop/lib.sh
start_mock demo
export GITLAB_MOCK_URL=$GITLAB_URL

logs=$(mktemp -d)
declare -A jobs=()
bash test/interop/curl.sh >"$logs/curl.sh.log" 2>&1 &
jobs[curl.sh]=$!
for file in test/interop/*_test.py; do
  name=$(basename "$file")
  "$PYTHON" -m unittest discover --start-directory test/interop --pattern "$name" --buffer >"$logs/$name.log" 2>&1 &
  jobs[$name]=$!
done
"$PYTHON" -m pytest -q -p no:cacheprovider test/interop/pytest >"$logs/pytest.log" 2>&1 &
jobs[pytest]=$!

failed=()
for name in "${!jobs[@]}"; do
  wait "${jobs[$name]}" || failed+=("$name")
done
for log in "$logs"/*.log; do
  echo "== $(basename "$log" .log)"
  cat "$log"
done
rm -rf "$logs"
stop_mock
# The docs' recipes, each starting and stopping a server of its own as the docs write it (npx included).
bash test/interop/recipes.sh || failed+=(recipes.sh)
if ((${#failed[@]} > 0 || FAILURES > 0)); then
  echo "interop: failed: ${failed[*]} $( ((FAILURES > 0)) && echo 'the server did not exit 0')" >&2
  exit 1
fi
