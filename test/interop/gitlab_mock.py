"""Runs gitlab-admin-mock for a test and stops it afterwards: a fresh world each time."""

import contextlib
import os
import shlex
import subprocess

# In a project that has gitlab-admin-sdk installed: `npx gitlab-admin-mock`.
COMMAND = shlex.split(os.environ.get("GITLAB_ADMIN_MOCK", "npx gitlab-admin-mock"))
BANNER = "GitLab mock listening on "


@contextlib.contextmanager
def gitlab_mock(seed="demo"):
    """Yields the mock's URL (http://127.0.0.1:PORT) for `seed`: "demo" or a seed document's path."""
    process = subprocess.Popen([*COMMAND, "--port", "0", "--seed", seed], stdout=subprocess.PIPE, text=True)
    try:
        first_line = process.stdout.readline()
        if not first_line.startswith(BANNER):
            raise RuntimeError(f"gitlab-admin-mock did not start: {first_line!r}")
        yield first_line.removeprefix(BANNER).strip()
    finally:
        process.terminate()  # SIGTERM: the mock exits 0
        process.wait(timeout=30)
        process.stdout.close()
