#!/usr/bin/env bash
# The interop suite (`npm run test:interop`, CI only): the command-line mock, built as users get it
# (`gitlab-admin-mock`, dist/mock/cli.js), driven by clients this project did not write: curl
# (curl.sh) and Python with python-gitlab and requests (*_test.py).
set -euo pipefail
cd "$(dirname "$0")/../.."

# Debian's python3-gitlab (which brings python3-requests) installs for the system interpreter,
# not for whatever python3 comes first on PATH.
PYTHON=/usr/bin/python3
missing=()
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
"$PYTHON" -c 'import gitlab, requests' 2>/dev/null || missing+=(python3-gitlab)
if ((${#missing[@]} > 0)); then
  echo "test:interop needs Debian packages: apt-get install -y ${missing[*]} (.ci/run installs them)" >&2
  exit 1
fi

npm run --silent build >/dev/null
# The `node` devDependency (Node 24), whatever node is first on PATH.
export GITLAB_ADMIN_MOCK="$PWD/node_modules/.bin/node $PWD/dist/mock/cli.js"

bash test/interop/curl.sh
echo 'Python against gitlab-admin-mock'
"$PYTHON" -m unittest discover --start-directory test/interop --pattern '*_test.py' --buffer
