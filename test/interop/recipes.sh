#!/usr/bin/env bash
# Issue 39: every recipe of the docs starts and stops the command-line mock as the docs write it,
# `npx gitlab-admin-mock` included (in this repository npx runs the package's own bin, dist/mock/cli.js),
# with exit code 0 and the port free afterwards. Run by run.sh after the build.
#   - shell:  test/interop/recipes/start-stop.sh, as written;
#   - pytest: the fixtures of docs/mock-server.md starting a server of their own (no GITLAB_MOCK_URL);
#   - Go:     `go test` where Go is installed, else the recipe's exec.Command line run the way the
#             recipe runs it (a pipe as stdin, closed to stop; no Go toolchain in CI);
#   - Java:   `java GitLabMockRecipe.java` where Java is installed, else its ProcessBuilder line the same way.
# The vitest globalSetup is run by test/recipes.test.ts.
set -uo pipefail
cd "$(dirname "$0")/../.."
PYTHON=/usr/bin/python3
failed=()

# run_and_stop ARG...: runs a command line with a pipe as stdin, reads its first line, closes the pipe,
# and checks the exit code is 0 and the port free, as the Go and Java recipes do.
run_and_stop() {
  local line url code
  coproc RECIPE { "$@"; }
  local pid=$RECIPE_PID
  read -r -t 60 line <&"${RECIPE[0]}" || true
  url=${line#GitLab mock listening on }
  exec {RECIPE[1]}>&-
  # A server that does not stop is a failure, not a hang.
  (sleep 30 && kill -TERM "$pid" 2>/dev/null) &
  local watchdog=$!
  wait "$pid"
  code=$?
  kill "$watchdog" 2>/dev/null
  if [[ $line != 'GitLab mock listening on '* || $code != 0 ]]; then
    echo "  FAIL $*: first line '$line', exit $code"
    return 1
  fi
  if curl -s -o /dev/null "$url"; then
    echo "  FAIL $*: $url still listens"
    return 1
  fi
}

# the quoted words of the first line of FILE matching PATTERN (a Go or Java call's arguments).
words_of() {
  grep -m1 "$2" "$1" | sed 's/.*(\(.*\)).*/\1/' | tr ',' '\n' | sed -n 's/^ *"\(.*\)" *$/\1/p'
}

out=$(bash test/interop/recipes/start-stop.sh 2>&1)
if [[ $out == *'exit 0 http://'* ]] && ! curl -s -o /dev/null "${out##* }"; then
  echo "  ok   shell recipe"
else
  echo "  FAIL shell recipe: $out"
  failed+=(shell)
fi

if env -u GITLAB_MOCK_URL -u GITLAB_ADMIN_MOCK "$PYTHON" -m pytest -q -p no:cacheprovider test/interop/pytest >/tmp/recipes-pytest.$$ 2>&1; then
  echo "  ok   pytest recipe (a server of its own, npx gitlab-admin-mock)"
else
  echo "  FAIL pytest recipe"
  cat /tmp/recipes-pytest.$$
  failed+=(pytest)
fi
rm -f /tmp/recipes-pytest.$$

if command -v go >/dev/null; then
  if (cd test/interop/recipes && go test gitlab_mock_test.go); then
    echo "  ok   Go recipe (go test)"
  else
    failed+=(go)
  fi
else
  mapfile -t argv < <(words_of test/interop/recipes/gitlab_mock_test.go 'exec.Command(')
  if run_and_stop "${argv[@]}"; then echo "  ok   Go recipe's command line (${argv[*]}; no Go here)"; else failed+=(go); fi
fi

if command -v java >/dev/null; then
  if java test/interop/recipes/GitLabMockRecipe.java 2>/dev/null; then echo "  ok   Java recipe (java)"; else failed+=(java); fi
else
  mapfile -t argv < <(words_of test/interop/recipes/GitLabMockRecipe.java 'new ProcessBuilder(')
  if run_and_stop "${argv[@]}"; then echo "  ok   Java recipe's command line (${argv[*]}; no Java here)"; else failed+=(java); fi
fi

if ((${#failed[@]} > 0)); then
  echo "recipes: failed: ${failed[*]}" >&2
  exit 1
fi
