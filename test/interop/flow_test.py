"""python-gitlab (Debian's python3-gitlab 3.12), unmodified, through the whole flow around the SDK's
areas against the command-line mock: who am I, the version, a project by its path, project and
group lists with their filters, users by username, subgroups, a group's projects with its
subgroups, members (direct and inherited), branches and protected branches, merge requests
(list, get, merge after approval), issues (a group's too, and their statistics), milestones and
a promotion to the group, access tokens; and what an outsider, a guest, a developer, an owner and
an administrator each see.
The command-line tool (`python3 -m gitlab`) calls `GET /user` before every command: it runs here
too, against the same world.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import gitlab
from gitlab_mock import gitlab_mock

SEED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "flow-world.json")
API = "acme/platform/api"
TOKENS = {
    "root": "glpat-flow-root-00000000000",
    "olivia": "glpat-flow-olivia-000000000",
    "dave": "glpat-flow-dave-00000000000",
    "gina": "glpat-flow-gina-00000000000",
    "oscar": "glpat-flow-oscar-0000000000",
}
ALL_PROJECTS = {API, "acme/platform/infra/terraform", "acme/website", "community/handbook"}


class FlowTestCase(unittest.TestCase):
    def setUp(self):
        self.url = self.enterContext(gitlab_mock(SEED))

    def gl(self, user):
        gl = gitlab.Gitlab(self.url, private_token=TOKENS[user])
        gl.auth()  # GET /user, as the command-line tool does first
        return gl

    def cli(self, user, *command):
        """Runs python-gitlab's command-line tool with a config file for `user`; its JSON output."""
        with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as config:
            config.write(
                f"[global]\ndefault = mock\ntimeout = 10\n\n"
                f"[mock]\nurl = {self.url}\nprivate_token = {TOKENS[user]}\napi_version = 4\n"
            )
        self.addCleanup(os.unlink, config.name)
        done = subprocess.run(
            [sys.executable, "-m", "gitlab", "-c", config.name, "-o", "json", *command],
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertEqual(done.returncode, 0, f"gitlab {' '.join(command)}: {done.stderr}")
        return json.loads(done.stdout)


class CommandLine(FlowTestCase):
    def test_every_command_starts_with_the_current_user(self):
        self.assertEqual(self.cli("olivia", "current-user", "get")["username"], "olivia")
        project = self.cli("dave", "project", "get", "--id", API)
        self.assertEqual(project["path_with_namespace"], API)
        milestones = self.cli("dave", "project-milestone", "list", "--project-id", str(project["id"]))
        self.assertEqual(sorted(m["title"] for m in milestones), ["v1.0", "v2.0"])
        users = self.cli("dave", "user", "list", "--username", "gina")
        self.assertEqual([u["username"] for u in users], ["gina"])
        subgroups = self.cli("olivia", "group-subgroup", "list", "--group-id", "acme")
        self.assertEqual([g["full_path"] for g in subgroups], ["acme/platform"])
        mrs = self.cli("dave", "project-merge-request", "list", "--project-id", str(project["id"]))
        self.assertEqual([mr["iid"] for mr in mrs], [1])

    def test_a_revoked_or_unknown_token_fails_at_the_first_call(self):
        with tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False) as config:
            config.write(f"[global]\ndefault = mock\n\n[mock]\nurl = {self.url}\nprivate_token = glpat-nobody\n")
        self.addCleanup(os.unlink, config.name)
        done = subprocess.run(
            [sys.executable, "-m", "gitlab", "-c", config.name, "current-user", "get"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("401", done.stderr + done.stdout)


class WhoAndWhere(FlowTestCase):
    def test_current_user_version_and_token(self):
        gl = self.gl("root")
        self.assertEqual(gl.user.username, "root")
        self.assertTrue(gl.user.is_admin)
        self.assertFalse(hasattr(self.gl("dave").user, "is_admin"))
        version, revision = gl.version()
        self.assertRegex(version, r"^\d+\.\d+\.\d+")
        self.assertNotEqual(revision, "unknown")
        token = gl.http_get("/personal_access_tokens/self")
        self.assertEqual(token["user_id"], gl.user.id)
        self.assertTrue(token["active"])

    def test_project_by_path_with_its_permissions(self):
        project = self.gl("dave").projects.get(API)
        self.assertEqual(project.path_with_namespace, API)
        self.assertEqual(project.default_branch, "main")
        self.assertIsNone(project.permissions["project_access"])
        self.assertEqual(project.permissions["group_access"]["access_level"], 30)
        guest = self.gl("gina").projects.get(API).permissions
        self.assertEqual(guest["project_access"]["access_level"], 10)

    def test_users_by_username(self):
        users = self.gl("dave").users.list(username="olivia")
        self.assertEqual([u.username for u in users], ["olivia"])
        self.assertEqual(self.gl("dave").users.get(users[0].id).name, "Olivia Owner")


class Visibility(FlowTestCase):
    SEES = {
        "oscar": {"community/handbook"},
        "gina": {API, "community/handbook"},
        "dave": {API, "acme/platform/infra/terraform", "community/handbook"},
        "olivia": ALL_PROJECTS,
        "root": ALL_PROJECTS,
    }

    def test_each_caller_lists_exactly_the_projects_it_can_get(self):
        for user, expected in self.SEES.items():
            with self.subTest(user=user):
                gl = self.gl(user)
                listed = {p.path_with_namespace for p in gl.projects.list(get_all=True)}
                self.assertEqual(listed, expected)
                for path in ALL_PROJECTS - expected:
                    with self.assertRaises(gitlab.GitlabGetError) as refused:
                        gl.projects.get(path)
                    self.assertEqual(refused.exception.response_code, 404)

    def test_membership_search_and_visibility_filters(self):
        gl = self.gl("dave")
        self.assertEqual(
            {p.path_with_namespace for p in gl.projects.list(membership=True, get_all=True)},
            {API, "acme/platform/infra/terraform"},
        )
        self.assertEqual([p.path_with_namespace for p in gl.projects.list(search="terra")], ["acme/platform/infra/terraform"])
        self.assertEqual([p.path_with_namespace for p in gl.projects.list(visibility="public")], ["community/handbook"])

    def test_groups_subgroups_and_group_projects(self):
        gl = self.gl("olivia")
        self.assertEqual({g.full_path for g in gl.groups.list(top_level_only=True, all_available=True)}, {"acme", "community"})
        acme = gl.groups.get("acme")
        self.assertEqual([g.full_path for g in acme.subgroups.list()], ["acme/platform"])
        self.assertEqual(
            {g.full_path for g in acme.descendant_groups.list()}, {"acme/platform", "acme/platform/infra"}
        )
        self.assertEqual([p.path_with_namespace for p in acme.projects.list()], ["acme/website"])
        self.assertEqual(
            {p.path_with_namespace for p in acme.projects.list(include_subgroups=True, get_all=True)},
            {API, "acme/platform/infra/terraform", "acme/website"},
        )
        with self.assertRaises(gitlab.GitlabGetError) as refused:
            self.gl("oscar").groups.get("acme")
        self.assertEqual(refused.exception.response_code, 404)


class Members(FlowTestCase):
    def test_direct_and_inherited_members(self):
        project = self.gl("olivia").projects.get(API)
        humans = lambda members: {m.username: m.access_level for m in members if not m.username.startswith("project_")}
        # Besides the people, the bot user of the project's access token `ci` is a member (Maintainer).
        self.assertEqual(humans(project.members.list()), {"gina": 10})
        self.assertEqual(len(project.members.list()), 2)
        self.assertEqual(humans(project.members_all.list(get_all=True)), {"olivia": 50, "dave": 30, "gina": 10})
        self.assertEqual(project.members_all.get(self.gl("dave").user.id).access_level, 30)

    def test_adding_a_member_takes_effect_and_guests_cannot(self):
        olivia = self.gl("olivia")
        oscar_id = olivia.users.list(username="oscar")[0].id
        with self.assertRaises(gitlab.GitlabCreateError) as refused:
            self.gl("gina").projects.get(API).members.create({"user_id": oscar_id, "access_level": 30})
        self.assertEqual(refused.exception.response_code, 403)
        olivia.projects.get(API).members.create({"user_id": oscar_id, "access_level": 20})
        self.assertEqual(self.gl("oscar").projects.get(API).permissions["project_access"]["access_level"], 20)


class BranchesAndMergeRequests(FlowTestCase):
    def test_protected_branches_and_branches(self):
        project = self.gl("olivia").projects.get(API)
        self.assertEqual([b.name for b in project.protectedbranches.list()], ["main"])
        project.branches.create({"branch": "feature", "ref": "main"})
        self.assertIn("feature", [b.name for b in project.branches.list(get_all=True)])
        with self.assertRaises(gitlab.GitlabDeleteError):
            project.branches.delete("main")

    def test_a_merge_request_merges_once_approved_and_its_milestone_follows(self):
        dave = self.gl("dave").projects.get(API, lazy=True)
        self.assertEqual(dave.mergerequests.get(1).detailed_merge_status, "not_approved")
        olivia = self.gl("olivia").projects.get(API, lazy=True)
        # Not approved yet: 405.
        with self.assertRaises(gitlab.GitlabMRClosedError) as refused:
            olivia.mergerequests.get(1).merge()
        self.assertEqual(refused.exception.response_code, 405)
        olivia.mergerequests.get(1, lazy=True).approve()
        # Approved, but a Developer may not merge into the protected main: GitLab answers 401, which
        # python-gitlab raises as an authentication error.
        with self.assertRaises(gitlab.GitlabAuthenticationError) as refused:
            dave.mergerequests.get(1).merge()
        self.assertEqual(refused.exception.response_code, 401)
        mr = olivia.mergerequests.get(1)
        self.assertEqual(mr.detailed_merge_status, "mergeable")
        mr.merge()
        self.assertEqual(olivia.mergerequests.get(1).state, "merged")
        self.assertEqual([m.iid for m in olivia.mergerequests.list(state="merged")], [1])
        v1 = [m for m in olivia.milestones.list() if m.title == "v1.0"][0]
        self.assertEqual([m.state for m in v1.merge_requests()], ["merged"])

    def test_guests_do_not_read_merge_requests_of_a_private_project(self):
        with self.assertRaises(gitlab.GitlabListError) as refused:
            self.gl("gina").projects.get(API, lazy=True).mergerequests.list()
        self.assertEqual(refused.exception.response_code, 403)


class IssuesAndMilestones(FlowTestCase):
    def test_issues_of_a_milestone_and_closing_one(self):
        project = self.gl("dave").projects.get(API, lazy=True)
        self.assertEqual({i.title for i in project.issues.list(milestone="v1.0")}, {"Login fails", "Add SSO"})
        self.assertEqual([i.title for i in project.issues.list(labels="bug")], ["Login fails"])
        issue = project.issues.get(1)
        issue.state_event = "close"
        issue.save()
        self.assertEqual(project.issues.get(1).state, "closed")
        self.assertEqual([i.title for i in self.gl("dave").issues.list(scope="assigned_to_me")], ["Add SSO"])

    def test_a_groups_issues_and_the_issue_statistics(self):
        olivia = self.gl("olivia")
        issues = olivia.groups.get("acme", lazy=True).issues.list(get_all=True)
        self.assertEqual({i.title for i in issues}, {"Login fails", "Add SSO", "Plan v2"})
        # References from the group: the project sits in a subgroup, so its full path.
        self.assertEqual({i.references["relative"] for i in issues}, {f"{API}#1", f"{API}#2", f"{API}#3"})
        group_counts = olivia.groups.get("acme", lazy=True).issues_statistics.get().statistics["counts"]
        self.assertEqual(group_counts, {"all": 3, "closed": 0, "opened": 3})
        project = self.gl("dave").projects.get(API, lazy=True)
        issue = project.issues.get(1)
        issue.state_event = "close"
        issue.save()
        # The statistics ignore `state` and count every state, with the list's filters.
        counts = project.issues_statistics.get(milestone="v1.0", state="opened").statistics["counts"]
        self.assertEqual(counts, {"all": 2, "closed": 1, "opened": 1})
        self.assertEqual(self.gl("dave").issues_statistics.get().statistics["counts"]["all"], 1)

    def test_a_promoted_milestone_is_a_group_milestone_with_its_issues(self):
        gl = self.gl("olivia")
        project = gl.projects.get(API, lazy=True)
        v2 = [m for m in project.milestones.list() if m.title == "v2.0"][0]
        v2.promote()
        group = gl.groups.get("acme/platform")
        promoted = [m for m in group.milestones.list() if m.title == "v2.0"]
        self.assertEqual(len(promoted), 1)
        self.assertEqual([i.title for i in promoted[0].issues()], ["Plan v2"])

    def test_access_tokens(self):
        tokens = self.gl("olivia").projects.get(API, lazy=True).access_tokens.list()
        self.assertEqual([t.name for t in tokens], ["ci"])


if __name__ == "__main__":
    unittest.main()
