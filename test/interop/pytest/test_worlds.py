"""docs/mock-server.md's pytest fixtures at work, with python-gitlab."""

import json

import gitlab
import requests

MARIA = "glpat-maria-000000000000000"


# docs:begin pytest-test
def test_creates_a_milestone(gitlab_url):
    gl = gitlab.Gitlab(gitlab_url, private_token=MARIA)
    project = gl.projects.get("acme/platform/api", lazy=True)
    milestone = project.milestones.create({"title": "v9.0"})
    assert milestone.web_url.startswith(f"{gitlab_url}/acme/platform/api/-/milestones/")
    assert "v9.0" in [m.title for m in project.milestones.list(get_all=True)]


def test_sees_none_of_another_tests_changes(gitlab_url):
    project = gitlab.Gitlab(gitlab_url, private_token=MARIA).projects.get("acme/platform/api", lazy=True)
    assert "v9.0" not in [m.title for m in project.milestones.list(get_all=True)]
# docs:end


def test_a_world_exported_as_a_fixture_loads_into_another(gitlab_url, gitlab_server, tmp_path):
    project = gitlab.Gitlab(gitlab_url, private_token=MARIA).projects.get("acme/platform/api", lazy=True)
    project.milestones.create({"title": "from the fixture"})
    # docs:begin export
    state = requests.get(f"{gitlab_url}/__mock/state", timeout=10).json()
    (tmp_path / "gitlab-fixture.json").write_text(json.dumps(state))
    # docs:end
    other = f"{gitlab_server}/worlds/fixture-copy"
    # docs:begin load
    fixture = (tmp_path / "gitlab-fixture.json").read_text()
    assert requests.put(f"{other}/__mock/state", data=fixture, timeout=10).status_code == 204
    # docs:end
    copy = gitlab.Gitlab(other, private_token=MARIA).projects.get("acme/platform/api", lazy=True)
    assert "from the fixture" in [m.title for m in copy.milestones.list(get_all=True)]
    assert requests.post(f"{other}/__mock/reset", timeout=10).status_code == 204
    assert "from the fixture" in [m.title for m in copy.milestones.list(get_all=True)]
    requests.delete(f"{gitlab_server}/__mock/worlds/fixture-copy", timeout=10)
