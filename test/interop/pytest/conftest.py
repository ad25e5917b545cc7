"""The pytest fixtures of docs/mock-server.md: one gitlab-admin-mock for the session, a world per test."""

# docs:begin fixtures
import os
import shlex
import subprocess
import uuid

import pytest
import requests


@pytest.fixture(scope="session")
def gitlab_server():
    """The suite's mock server: GITLAB_MOCK_URL when set (one server for parallel workers), else one of its own."""
    if "GITLAB_MOCK_URL" in os.environ:
        yield os.environ["GITLAB_MOCK_URL"]
        return
    command = shlex.split(os.environ.get("GITLAB_ADMIN_MOCK", "npx gitlab-admin-mock"))
    process = subprocess.Popen([*command, "--port", "0", "--seed", "demo"], stdout=subprocess.PIPE, text=True)
    first_line = process.stdout.readline()
    assert first_line.startswith("GitLab mock listening on "), first_line
    yield first_line.removeprefix("GitLab mock listening on ").strip()
    process.terminate()  # SIGTERM: the mock exits 0
    process.wait(timeout=30)
    process.stdout.close()


@pytest.fixture
def gitlab_url(gitlab_server):
    """A GitLab of this test's own: a fresh world of the server's seed, dropped afterwards."""
    name = f"pytest-{uuid.uuid4().hex[:16]}"
    yield f"{gitlab_server}/worlds/{name}"
    requests.delete(f"{gitlab_server}/__mock/worlds/{name}", timeout=10)
# docs:end
