"""Ansible's GitLab modules (Debian's `ansible`: community.general 6.6), unmodified, against the
command-line mock: an administrator's provisioning playbook (ansible/provision.yml) creates a user
with an SSH key, a group and a subgroup, memberships, a project with merge settings and a README, a
protected branch and a hook; run again, it changes nothing; run with another description, it
changes exactly that task; ansible/teardown.yml then removes it all. Skipped where ansible-playbook
is missing (CI installs it)."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

import requests
from gitlab_mock import gitlab_mock

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = "glpat-root-0000000000000000"
PLAYBOOK = shutil.which("ansible-playbook")


@unittest.skipUnless(PLAYBOOK, "ansible-playbook is not installed (apt-get install ansible)")
class AnsibleProvisioning(unittest.TestCase):
    def setUp(self):
        self.url = self.enterContext(gitlab_mock(os.path.join(HERE, "admin-world.json")))
        self.home = self.enterContext(tempfile.TemporaryDirectory())

    def play(self, name, **extra):
        """Runs a playbook; returns {task name: changed} and fails the test on any failed task."""
        variables = {"gitlab_url": self.url, "gitlab_token": ROOT, **extra}
        env = {
            **os.environ,
            "ANSIBLE_STDOUT_CALLBACK": "json",
            "ANSIBLE_PYTHON_INTERPRETER": "/usr/bin/python3",
            "ANSIBLE_LOCALHOST_WARNING": "false",
            "ANSIBLE_INVENTORY_UNPARSED_WARNING": "false",
            "ANSIBLE_HOME": self.home,
            "ANSIBLE_LOCAL_TEMP": self.home,
        }
        run = subprocess.run(
            [PLAYBOOK, "-i", "localhost,", os.path.join(HERE, "ansible", name), "-e", json.dumps(variables)],
            capture_output=True, text=True, env=env, timeout=300, check=False,
        )
        try:
            report = json.loads(run.stdout)
        except json.JSONDecodeError:
            self.fail(f"{name}: no JSON report (exit {run.returncode}):\n{run.stdout}\n{run.stderr}")
        changed = {}
        for play in report["plays"]:
            for task in play["tasks"]:
                result = task["hosts"]["localhost"]
                if result.get("failed"):
                    self.fail(f"{name}: task {task['task']['name']!r} failed: {result.get('msg')}\n{json.dumps(result)[:2000]}")
                changed[task["task"]["name"]] = bool(result.get("changed"))
        self.assertEqual(run.returncode, 0, run.stderr)
        return changed

    def api(self, path):
        return requests.get(f"{self.url}/api/v4/{path}", headers={"PRIVATE-TOKEN": ROOT}, timeout=30)

    def test_provision_is_idempotent_edits_exactly_and_tears_down(self):
        first = self.play("provision.yml")
        self.assertEqual([name for name, changed in first.items() if not changed], [], "the first run creates everything")

        project = self.api("projects/infra%2Ftools%2Fdeployer").json()
        self.assertEqual(project["description"], "Deploys the platform")
        self.assertEqual(project["merge_method"], "ff")
        self.assertEqual(project["squash_option"], "default_on")
        self.assertTrue(project["remove_source_branch_after_merge"])
        self.assertEqual(self.api("projects/infra%2Ftools%2Fdeployer/repository/branches/release").status_code, 200)
        alex = self.api("users?username=alex").json()[0]
        self.assertEqual([key["title"] for key in self.api(f"users/{alex['id']}/keys").json()], ["laptop"])
        members = {m["username"]: m["access_level"] for m in self.api("groups/infra/members").json()}
        self.assertEqual(members.get("alex"), 30)

        second = self.play("provision.yml")
        self.assertEqual([name for name, changed in second.items() if changed], [], "the second run changes nothing")

        third = self.play("provision.yml", description="Deploys everything")
        self.assertEqual(
            [name for name, changed in third.items() if changed],
            ["The deployer project exists with the team's merge settings"],
        )
        self.assertEqual(self.api("projects/infra%2Ftools%2Fdeployer").json()["description"], "Deploys everything")

        gone = self.play("teardown.yml")
        unchanged = [name for name, changed in gone.items() if not changed and not name.startswith("Find ")]
        self.assertEqual(unchanged, [], "teardown removes everything")
        self.assertEqual(self.api("users?username=alex").json(), [])
        self.assertEqual(self.api("projects?search=deployer").json(), [])
        # Deleting a group marks it for deletion (GitLab 18.6's delayed deletion), renamed: pending, not gone.
        self.assertEqual(self.api("groups/infra").status_code, 404)
        marked = self.api("groups?search=infra&top_level_only=true").json()
        self.assertEqual(len(marked), 1, marked)
        self.assertTrue(marked[0]["marked_for_deletion_on"], marked[0])
        self.assertTrue(marked[0]["full_path"].startswith("infra-deletion_scheduled-"), marked[0])


if __name__ == "__main__":
    unittest.main()
