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
    process = subprocess.Popen(
        [*command, "--port", "0", "--seed", "demo", "--exit-with-stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    first_line = process.stdout.readline()
    assert first_line.startswith("GitLab mock listening on "), first_line
    yield first_line.removeprefix("GitLab mock listening on ").strip()
    # Closing its standard input stops it (--exit-with-stdin); npx would not pass terminate()'s SIGTERM on.
    process.stdin.close()
    assert process.wait(timeout=30) == 0
    process.stdout.close()


@pytest.fixture
def gitlab_url(gitlab_server):
    """A GitLab of this test's own: a fresh world of the server's seed, dropped afterwards."""
    name = f"pytest-{uuid.uuid4().hex[:16]}"
    yield f"{gitlab_server}/worlds/{name}"
    requests.delete(f"{gitlab_server}/__mock/worlds/{name}", timeout=10)
# docs:end


# Not in the docs: when the session started its own server (no GITLAB_MOCK_URL), its port must be
# free once the session is over (test/interop/recipes.sh runs the suite that way too).
STARTED = []


@pytest.fixture(scope="session", autouse=True)
def _remember_own_server(gitlab_server):
    if "GITLAB_MOCK_URL" not in os.environ:
        STARTED.append(gitlab_server)


def pytest_sessionfinish(session):
    import socket
    from urllib.parse import urlsplit

    for url in STARTED:
        parts = urlsplit(url)
        with socket.socket() as probe:
            if probe.connect_ex((parts.hostname, parts.port)) == 0:
                print(f"\nthe server at {url} still listens after the session")
                session.exitstatus = 1
