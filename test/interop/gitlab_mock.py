"""A fresh GitLab for a test: a world of its own on the suite's gitlab-admin-mock (GITLAB_MOCK_URL,
which test/interop/run.sh starts once for the whole suite), or a server of its own without one."""

import contextlib
import os
import shlex
import subprocess
import uuid

import requests

# In a project that has gitlab-admin-sdk installed: `npx gitlab-admin-mock`.
COMMAND = shlex.split(os.environ.get("GITLAB_ADMIN_MOCK", "npx gitlab-admin-mock"))
BANNER = "GitLab mock listening on "


@contextlib.contextmanager
def mock_server():
    """Yields the URL of a gitlab-admin-mock of the demo seed: the suite's, or one started here."""
    if "GITLAB_MOCK_URL" in os.environ:
        yield os.environ["GITLAB_MOCK_URL"]
        return
    process = subprocess.Popen(
        [*COMMAND, "--port", "0", "--seed", "demo", "--exit-with-stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        first_line = process.stdout.readline()
        if not first_line.startswith(BANNER):
            raise RuntimeError(f"gitlab-admin-mock did not start: {first_line!r}")
        yield first_line.removeprefix(BANNER).strip()
    finally:
        process.stdin.close()  # --exit-with-stdin: the mock, and npx, exit 0 (npx would not pass a SIGTERM on)
        code = process.wait(timeout=30)
        process.stdout.close()
    if code != 0:
        raise RuntimeError(f"gitlab-admin-mock exited {code}")


@contextlib.contextmanager
def gitlab_mock(seed="demo"):
    """Yields the URL of a fresh world for `seed`: "demo", or a seed document's path (loaded with PUT /__mock/state)."""
    with mock_server() as server:
        name = f"py-{uuid.uuid4().hex[:20]}"
        url = f"{server}/worlds/{name}"
        try:
            if seed != "demo":
                with open(seed, encoding="utf-8") as document:
                    loaded = requests.put(f"{url}/__mock/state", data=document.read(), timeout=30)
                if loaded.status_code != 204:
                    raise RuntimeError(f"{seed} did not load: {loaded.status_code} {loaded.text}")
            yield url
        finally:
            requests.delete(f"{server}/__mock/worlds/{name}", timeout=30)
