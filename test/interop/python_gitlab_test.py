"""python-gitlab (Debian's python3-gitlab, 3.12) against the command-line mock.

What python-gitlab covers of the SDK's areas: project milestones, project access tokens (list,
create, revoke), OAuth applications (list, create, delete), project approval configuration and
rules, merge request approvals and merge request approval rules, project and group members,
project, group and system hooks. The mock must answer it as GitLab does: the statuses, messages and state changes are checked, not only that a call returns.
The blocks between `docs:begin` and `docs:end` are the examples of docs/other-languages.md.
"""

import contextlib
import io
import os
import unittest
from unittest import mock

import gitlab
import requests
from gitlab_mock import gitlab_mock

HERE = os.path.dirname(os.path.abspath(__file__))
API = "acme/platform/api"
ROOT = "glpat-root-0000000000000000"
MARIA = "glpat-maria-000000000000000"
OMAR = "glpat-omar-0000000000000000"
DEV = "glpat-dev-00000000000000000"
PAULA = "glpat-paula-000000000000000"
RITA = "glpat-rita-0000000000000000"
GUS = "glpat-gus-00000000000000000"
CI_BOT = "glpat-ci-000000000000000000"
HEAD_OF_3 = "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"
USER_IDS = {"root": 1, "maria": 2, "omar": 3, "dev": 4, "paula": 5, "rita": 6, "gus": 7}


class MockTestCase(unittest.TestCase):
    """Each test gets its own mock of `seed`; GITLAB_URL points at it, as the docs' examples expect."""

    seed = "demo"

    # docs:begin unittest
    def setUp(self):
        self.url = self.enterContext(gitlab_mock(self.seed))
        self.enterContext(mock.patch.dict(os.environ, {"GITLAB_URL": self.url}))
    # docs:end

    def gl(self, token):
        return gitlab.Gitlab(self.url, private_token=token)

    def project(self, token, path=API):
        # Lazily: these tests use the project's sub-resources only, so GET /projects/:id is one request too many.
        return self.gl(token).projects.get(path, lazy=True)

    def printed(self):
        return self.enterContext(contextlib.redirect_stdout(io.StringIO()))


class Milestones(MockTestCase):
    def test_docs_example_lists_active_milestones(self):
        out = self.printed()
        # docs:begin python-gitlab
        import os

        import gitlab

        url = os.environ.get("GITLAB_URL", "http://127.0.0.1:4010")
        gl = gitlab.Gitlab(url, private_token="glpat-maria-000000000000000")
        # Lazily, by path or id: one request fewer.
        project = gl.projects.get("acme/platform/api", lazy=True)
        for milestone in project.milestones.list(state="active", get_all=True):
            print(milestone.title, milestone.due_date, milestone.expired)

        v2 = project.milestones.create({"title": "v2.0", "due_date": "2026-09-30"})
        v2.state_event = "close"
        v2.save()
        print(v2.title, v2.state)
        # docs:end
        self.assertEqual(
            out.getvalue().splitlines(),
            ["v1.0 2026-05-15 True", "v1.1 2026-06-12 False", "Backlog None False", "v2.0 closed"],
        )

    def test_creates_reads_updates_and_deletes(self):
        project = self.project(PAULA)
        created = project.milestones.create({"title": "v2.0", "description": "Next", "start_date": "2026-07-01"})
        self.assertEqual((created.iid, created.state, created.expired, created.due_date), (5, "active", False, None))
        fetched = project.milestones.get(created.id)
        self.assertEqual(fetched.description, "Next")
        fetched.due_date = "2026-09-30"
        fetched.save()
        self.assertEqual(project.milestones.get(created.id).due_date, "2026-09-30")
        fetched.delete()
        with self.assertRaises(gitlab.GitlabGetError) as missing:
            project.milestones.get(created.id)
        self.assertEqual((missing.exception.response_code, missing.exception.error_message), (404, "404 Not found"))

    def test_refuses_a_taken_title_and_bad_dates_with_gitlabs_messages(self):
        project = self.project(PAULA)
        with self.assertRaises(gitlab.GitlabCreateError) as taken:
            project.milestones.create({"title": "FY26 Q2"})  # the group's
        self.assertEqual(taken.exception.response_code, 400)
        self.assertEqual(
            taken.exception.error_message,
            'Failed to create milestone {:title=>["already being used for another group or project milestone."]}',
        )
        with self.assertRaises(gitlab.GitlabCreateError) as dates:
            project.milestones.create({"title": "late", "start_date": "2026-09-30", "due_date": "2026-09-01"})
        self.assertEqual(dates.exception.response_code, 400)
        self.assertEqual(len(project.milestones.list(get_all=True)), 4)

    def test_filters_and_pages(self):
        project = self.project(MARIA)
        self.assertEqual([m.iid for m in project.milestones.list(iids=[2, 3])], [2, 3])
        self.assertEqual([m.title for m in project.milestones.list(search="internal preview")], ["v0.9"])
        # python-gitlab sends Python's True as `True`, which GitLab (and the mock) read as true.
        with_groups = project.milestones.list(include_ancestors=True, get_all=True)
        self.assertIn(("FY26 Q2", 1), [(m.title, getattr(m, "group_id", None)) for m in with_groups])
        first = project.milestones.list(per_page=3, page=1)
        self.assertEqual(len(first), 3)
        everything = project.milestones.list(per_page=3, iterator=True)
        self.assertEqual(everything.total, 4)
        self.assertEqual(len(list(everything)), 4)

    def test_lists_issues_and_merge_requests_of_a_milestone(self):
        v11 = self.project(MARIA).milestones.list(title="v1.1")[0]
        self.assertEqual(len(v11.issues(get_all=True)), 7)
        self.assertEqual(sorted(mr.iid for mr in v11.merge_requests()), [2, 3, 4])
        as_guest = self.project(GUS).milestones.get(v11.id)
        self.assertEqual(len(as_guest.issues(get_all=True)), 6)  # not the confidential one

    def test_promotes_a_milestone_to_the_group(self):
        web = self.project(MARIA, "acme/platform/web")
        web.milestones.list(title="v1.1")[0].promote()
        self.assertEqual(web.milestones.list(), [])
        api = self.project(MARIA)
        self.assertEqual(api.milestones.list(title="v1.1"), [])  # merged into the group's
        group = [m for m in api.milestones.list(include_ancestors=True, title="v1.1")]
        self.assertEqual([(m.title, m.group_id) for m in group], [("v1.1", 2)])

    def test_needs_a_token_that_may_write(self):
        with self.assertRaises(gitlab.GitlabCreateError) as scope:
            self.project(GUS).milestones.create({"title": "x"})  # gus's token has read_api only
        self.assertEqual(scope.exception.response_code, 403)
        with self.assertRaises(gitlab.GitlabAuthenticationError) as unknown:
            self.project("glpat-nobody").milestones.list()
        self.assertEqual((unknown.exception.response_code, unknown.exception.error_message), (401, "401 Unauthorized"))


class AccessTokens(MockTestCase):
    def test_creates_uses_and_revokes_a_token(self):
        project = self.project(OMAR)
        token = project.access_tokens.create(
            {"name": "py", "scopes": ["api"], "access_level": 30, "expires_at": "2026-08-01"}
        )
        self.assertRegex(token.token, r"^glpat-[\w-]{20}$")
        self.assertEqual((token.name, token.access_level, token.active, token.revoked), ("py", 30, True, False))
        self.assertEqual(len(self.project(token.token).milestones.list(get_all=True)), 4)

        token.delete()
        with self.assertRaises(gitlab.GitlabAuthenticationError):
            self.project(token.token).milestones.list()
        listed = {t.name: (t.active, t.revoked) for t in project.access_tokens.list(get_all=True)}
        self.assertEqual(listed["py"], (False, True))

    def test_lists_with_filters_and_without_secrets(self):
        project = self.project(OMAR)
        tokens = project.access_tokens.list(get_all=True)
        self.assertEqual([t.name for t in tokens], ["ci", "release-bot", "old-deploy"])
        self.assertFalse(any("token" in t.attributes for t in tokens))
        self.assertEqual([t.name for t in project.access_tokens.list(revoked=True)], ["old-deploy"])
        self.assertEqual([t.name for t in project.access_tokens.list(state="active", sort="name_desc")], ["release-bot", "ci"])

    def test_answers_below_maintainer_as_gitlab_does(self):
        with self.assertRaises(gitlab.GitlabAuthenticationError) as listing:
            self.project(DEV).access_tokens.list()
        self.assertEqual(listing.exception.response_code, 401)
        with self.assertRaises(gitlab.GitlabCreateError) as creating:
            self.project(DEV).access_tokens.create({"name": "mine", "scopes": ["api"]})
        self.assertEqual(
            (creating.exception.response_code, creating.exception.error_message),
            (400, "400 Bad request - User does not have permission to create project access token"),
        )
        with self.assertRaises(gitlab.GitlabCreateError) as too_long:
            self.project(OMAR).access_tokens.create({"name": "forever", "scopes": ["api"], "expires_at": "2030-01-01"})
        self.assertEqual(too_long.exception.error_message, "400 Bad request - Expiration date must be before 2027-06-01")


class GroupAccessTokens(MockTestCase):
    # python-gitlab 3.12's group manager lists, creates and deletes (get and rotate came later).
    def test_owner_creates_lists_and_revokes_maintainer_is_refused(self):
        group = self.gl(MARIA).groups.get("acme", lazy=True)
        token = group.access_tokens.create({"name": "py-group", "scopes": ["read_api"], "access_level": 20})
        self.assertRegex(token.token, r"^glpat-[\w-]{20}$")
        self.assertEqual((token.access_level, token.resource_type), (20, "group"))
        self.assertEqual(len(self.project(token.token).milestones.list(get_all=True)), 4)
        self.assertEqual([t.name for t in group.access_tokens.list(state="active")], ["py-group"])
        group.access_tokens.delete(token.id)
        self.assertEqual([t.name for t in group.access_tokens.list(state="active")], [])
        with self.assertRaises(gitlab.GitlabCreateError) as creating:
            self.gl(OMAR).groups.get("acme/platform", lazy=True).access_tokens.create({"name": "x", "scopes": ["api"]})
        self.assertEqual(
            creating.exception.error_message,
            "400 Bad request - User does not have permission to create group access token",
        )


class NamespacesLabelsEvents(MockTestCase):
    # Issue 25's reads around the six areas, as python-gitlab 3.12 calls them.
    def test_namespaces_by_search_and_path(self):
        gl = self.gl(MARIA)
        self.assertIn("acme", [n.full_path for n in gl.namespaces.list(search="acme")])
        acme = gl.namespaces.get("acme")
        self.assertEqual((acme.kind, acme.full_path), ("group", "acme"))
        with self.assertRaises(gitlab.GitlabGetError) as hidden:
            self.gl(GUS).namespaces.get("acme")
        self.assertEqual(hidden.exception.response_code, 404)

    def test_labels_with_priorities_and_their_order(self):
        project = self.project(MARIA)
        labels = {label.name: label for label in project.labels.list(get_all=True)}
        self.assertEqual((labels["security"].priority, labels["bug"].priority), (0, 1))
        project.labels.create({"name": "py", "color": "#112233", "priority": 2})
        self.assertEqual(project.labels.get("py").color, "#112233")
        with self.assertRaises(gitlab.GitlabCreateError) as taken:
            project.labels.create({"name": "py", "color": "#112233"})
        self.assertEqual(taken.exception.response_code, 409)
        issues = project.issues.list(order_by="label_priority", sort="asc", get_all=True)
        self.assertEqual(issues[0].labels, ["security"])

    def test_events_of_what_was_done(self):
        gl = self.gl(MARIA)
        project = self.project(MARIA)
        project.milestones.create({"title": "py-events"})
        events = project.events.list(target_type="milestone")
        self.assertEqual((events[0].action_name, events[0].target_title), ("opened", "py-events"))
        self.assertEqual(gl.events.list(target_type="milestone")[0].target_title, "py-events")


class Applications(MockTestCase):
    def test_creates_lists_and_deletes(self):
        gl = self.gl(ROOT)
        app = gl.applications.create(
            {"name": "Wiki", "redirect_uri": "https://wiki.example.com/callback", "scopes": "read_user openid"}
        )
        self.assertRegex(app.application_id, r"^[0-9a-f]{64}$")
        self.assertRegex(app.secret, r"^gloas-[0-9a-f]{64}$")
        self.assertEqual((app.application_name, app.confidential, app.scopes), ("Wiki", True, ["read_user", "openid"]))
        listed = gl.applications.list()
        self.assertEqual([a.application_name for a in listed], ["Grafana", "Acme Desktop", "Wiki"])
        self.assertFalse(any("secret" in a.attributes for a in listed))
        gl.applications.delete(app.id)
        self.assertEqual([a.application_name for a in gl.applications.list()], ["Grafana", "Acme Desktop"])
        with self.assertRaises(gitlab.GitlabDeleteError) as again:
            gl.applications.delete(app.id)
        self.assertEqual(again.exception.error_message, "404 Application Not Found")

    def test_validates_and_is_for_administrators(self):
        with self.assertRaises(gitlab.GitlabCreateError) as bad:
            self.gl(ROOT).applications.create({"name": "Bad", "redirect_uri": "not a uri", "scopes": "api"})
        self.assertEqual(bad.exception.response_code, 400)
        self.assertIn("redirect_uri", bad.exception.error_message)
        with self.assertRaises(gitlab.GitlabListError) as forbidden:
            self.gl(MARIA).applications.list()
        self.assertEqual((forbidden.exception.response_code, forbidden.exception.error_message), (403, "403 Forbidden"))


class Approvals(MockTestCase):
    def test_docs_example_approves_a_merge_request(self):
        out = self.printed()
        # docs:begin python-gitlab-approvals
        url = os.environ.get("GITLAB_URL", "http://127.0.0.1:4010")
        gl = gitlab.Gitlab(url, private_token="glpat-rita-0000000000000000")  # rita reviewed !3
        mr = gl.projects.get("acme/platform/api", lazy=True).mergerequests.get(3, lazy=True)
        print(mr.approvals.get().approvals_left, "approval(s) left")
        try:
            mr.approve(sha="0000000000000000000000000000000000000000")
        except gitlab.GitlabMRApprovalError as error:
            print(error.response_code, error.error_message)
        mr.approve(sha="a94a8fe5ccb19ba61c4c0873d391e987982fbbd3")
        for rule in mr.approval_state.get().rules:
            print(rule["name"], rule["approved"])
        # docs:end
        self.assertEqual(
            out.getvalue().splitlines(),
            [
                "1 approval(s) left",
                f"409 SHA does not match HEAD of source branch: {HEAD_OF_3}",
                "All Members True",
                "Backend True",
                "Security True",
                "Compliance True",
            ],
        )

    def test_approves_unapproves_and_resets(self):
        mr = self.project(RITA).mergerequests.get(3, lazy=True)
        status = mr.approvals.get()
        self.assertEqual((status.approvals_required, status.approvals_left, status.approved), (3, 1, False))
        mr.approve(sha=HEAD_OF_3)
        self.assertTrue(mr.approvals.get().approved)
        with self.assertRaises(gitlab.GitlabAuthenticationError) as twice:  # python-gitlab's class for any 401
            mr.approve()
        self.assertEqual(twice.exception.response_code, 401)
        mr.unapprove()
        self.assertEqual(mr.approvals.get().approvals_left, 1)
        with self.assertRaises(gitlab.GitlabMRApprovalError) as again:
            mr.unapprove()
        self.assertEqual((again.exception.response_code, again.exception.error_message), (404, "404 Not Found"))

        # GitLab (and the mock) answer 202 with the JSON body 202, which python-gitlab parses.
        self.project(CI_BOT).mergerequests.get(3, lazy=True).reset_approvals()
        self.assertEqual(mr.approvals.get().approved_by, [])
        with self.assertRaises(gitlab.GitlabAuthenticationError) as human:
            self.project(ROOT).mergerequests.get(3, lazy=True).reset_approvals()
        self.assertEqual(human.exception.response_code, 401)

    def test_reads_and_updates_the_approval_configuration(self):
        project = self.project(OMAR)
        config = project.approvals.get()
        self.assertEqual(
            (config.reset_approvals_on_push, config.merge_requests_author_approval, config.disable_overriding_approvers_per_merge_request),
            (True, False, True),
        )
        config.disable_overriding_approvers_per_merge_request = False
        config.reset_approvals_on_push = False  # locked by acme: stays
        config.save()
        after = project.approvals.get()
        self.assertEqual((after.disable_overriding_approvers_per_merge_request, after.reset_approvals_on_push), (False, True))
        with self.assertRaises(gitlab.GitlabUpdateError) as developer:
            self.project(DEV).approvals.update(new_data={"approvals_before_merge": 1})
        self.assertEqual(developer.exception.response_code, 403)

    def test_manages_project_approval_rules(self):
        project = self.project(OMAR)
        self.assertEqual([r.name for r in project.approvalrules.list()], ["All Members", "Backend", "Security"])
        rule = project.approvalrules.create({"name": "Docs", "approvals_required": 1, "user_ids": [USER_IDS["paula"]]})
        self.assertEqual([u["username"] for u in rule.eligible_approvers], ["paula"])
        project.approvalrules.update(rule.id, {"name": "Docs", "approvals_required": 2, "user_ids": [USER_IDS["dev"]]})
        updated = [r for r in project.approvalrules.list() if r.name == "Docs"][0]
        self.assertEqual((updated.approvals_required, [u["username"] for u in updated.users]), (2, ["dev"]))
        with self.assertRaises(gitlab.GitlabCreateError) as taken:
            # With approvers: a rule without any is GitLab 18.6's any_approver, refused for another reason.
            project.approvalrules.create({"name": "Docs", "approvals_required": 1, "user_ids": [USER_IDS["paula"]]})
        self.assertEqual(taken.exception.error_message, {"name": ["has already been taken"]})
        updated.delete()
        self.assertEqual(len(project.approvalrules.list()), 3)

    def test_requires_name_and_approvals_on_a_rule_update(self):
        # Ours, following the API reference: GitLab itself accepts an update without them, so
        # python-gitlab's rule.save() of a single changed attribute works there and fails here.
        rule = self.project(OMAR).approvalrules.list()[1]
        rule.approvals_required = 2
        with self.assertRaises(gitlab.GitlabUpdateError) as partial:
            rule.save()
        self.assertEqual((partial.exception.response_code, partial.exception.error_message), (400, "name is missing"))

    def test_manages_merge_request_approval_rules(self):
        self.project(OMAR).approvals.update(new_data={"disable_overriding_approvers_per_merge_request": False})
        mr = self.project(DEV).mergerequests.get(4, lazy=True)
        self.assertEqual(mr.approval_rules.list(), [])
        rule = mr.approval_rules.create({"name": "Pair", "approvals_required": 1, "user_ids": [USER_IDS["rita"]]})
        self.assertEqual((rule.name, rule.overridden, [u["username"] for u in rule.users]), ("Pair", False, ["rita"]))
        self.assertEqual(mr.approval_rules.get(rule.id).name, "Pair")
        self.assertTrue(mr.approval_state.get().approval_rules_overwritten)
        mr.approval_rules.delete(rule.id)
        self.assertFalse(mr.approval_state.get().approval_rules_overwritten)

    def test_refuses_merge_request_rules_while_the_project_forbids_overriding(self):
        mr = self.project(DEV).mergerequests.get(4, lazy=True)
        with self.assertRaises(gitlab.GitlabCreateError) as prohibited:
            mr.approval_rules.create({"name": "Pair", "approvals_required": 1})
        self.assertEqual((prohibited.exception.response_code, prohibited.exception.error_message), (403, ["Prohibited"]))


class Members(MockTestCase):
    def people(self, manager):
        # Token bots are members of their project too; leave them out.
        return {m.username: m.access_level for m in manager.list(get_all=True) if not m.username.startswith("project_")}

    def test_lists_direct_and_inherited_members(self):
        project = self.project(DEV)
        self.assertEqual(self.people(project.members), {"dev": 30, "paula": 15, "rita": 20, "gus": 10})
        self.assertEqual(
            self.people(project.members_all),
            {"maria": 50, "omar": 40, "dev": 30, "paula": 15, "rita": 20, "gus": 10},
        )
        gus = project.members.get(USER_IDS["gus"])
        self.assertEqual((gus.expires_at, gus.created_by["username"]), ("2030-12-31", "maria"))
        self.assertEqual(project.members_all.get(USER_IDS["maria"]).access_level, 50)

    def test_adds_updates_and_removes_a_member(self):
        project = self.project(OMAR)
        root = project.members.create({"user_id": USER_IDS["root"], "access_level": 30})
        self.assertEqual((root.username, root.access_level, root.created_by["username"]), ("root", 30, "omar"))
        with self.assertRaises(gitlab.GitlabCreateError) as again:
            project.members.create({"user_id": USER_IDS["root"], "access_level": 30})
        self.assertEqual((again.exception.response_code, again.exception.error_message), (409, "Member already exists"))

        rita = project.members.get(USER_IDS["rita"])
        rita.access_level = 10
        rita.save()
        self.assertEqual(project.members.get(USER_IDS["rita"]).access_level, 10)

        project.members.delete(USER_IDS["gus"])
        with self.assertRaises(gitlab.GitlabGetError) as gone:
            project.members.get(USER_IDS["gus"])
        self.assertEqual((gone.exception.response_code, gone.exception.error_message), (404, "404 Not found"))

    def test_refuses_what_gitlab_refuses(self):
        with self.assertRaises(gitlab.GitlabCreateError) as developer:
            self.project(DEV).members.create({"user_id": USER_IDS["root"], "access_level": 10})
        self.assertEqual(developer.exception.response_code, 403)
        with self.assertRaises(gitlab.GitlabCreateError) as inherited:
            self.project(OMAR).members.create({"user_id": USER_IDS["omar"], "access_level": 20})
        self.assertEqual(inherited.exception.response_code, 400)
        self.assertEqual(
            inherited.exception.error_message,
            {"access_level": ["should be greater than or equal to Maintainer inherited membership from group Platform"]},
        )


class RateLimits(MockTestCase):
    def test_python_gitlab_waits_out_a_rate_limit_on_the_mock_clock(self):
        url = self.url
        # docs:begin python-rate-limits
        # Each user may make 2 API requests a minute. python-gitlab sleeps for Retry-After on a 429;
        # in the test, its sleep moves the mock's world clock instead of waiting.
        requests.put(f"{url}/__mock/rate_limits", json={"authenticated_api": {"requests_per_period": 2, "period_in_seconds": 60}})
        slept = []

        def sleep(seconds):
            slept.append(seconds)
            requests.post(f"{url}/__mock/clock/advance", json={"seconds": seconds})

        gl = gitlab.Gitlab(url, private_token="glpat-maria-000000000000000")
        project = gl.projects.get("acme/platform/api", lazy=True)
        with mock.patch("gitlab.client.time.sleep", sleep):
            counts = [len(project.milestones.list(state="active")) for _ in range(3)]
        print(counts, slept)
        # docs:end
        self.assertEqual((counts, slept), ([3, 3, 3], [60]))
        self.assertEqual(requests.get(f"{url}/__mock/clock").json(), {"now": "2026-06-01T09:01:00.000Z"})

    def test_sees_gitlabs_headers_and_429(self):
        requests.put(f"{self.url}/__mock/rate_limits", json={"authenticated_api": {"requests_per_period": 1, "period_in_seconds": 60}})
        milestones = f"{self.url}/api/v4/projects/acme%2Fplatform%2Fapi/milestones"
        first = requests.get(milestones, headers={"PRIVATE-TOKEN": MARIA})
        self.assertEqual((first.status_code, first.headers["RateLimit-Remaining"]), (200, "0"))
        second = requests.get(milestones, headers={"PRIVATE-TOKEN": MARIA})
        self.assertEqual((second.status_code, second.headers["Retry-After"], second.text), (429, "60", "Retry later\n"))
        with self.assertRaises(gitlab.GitlabHttpError) as refused:
            self.gl(MARIA).http_get("/projects/acme%2Fplatform%2Fapi/milestones", obey_rate_limit=False)
        self.assertEqual(refused.exception.response_code, 429)


class SeedDocument(MockTestCase):
    seed = os.path.join(HERE, "world.json")

    def test_serves_the_world_of_the_document(self):
        web = self.gl("glpat-bob-00000000000000000").projects.get("shop/web", lazy=True)
        self.assertEqual([(m.title, m.expired) for m in web.milestones.list()], [("Spring sale", True), ("Summer sale", False)])
        self.assertEqual([t.name for t in web.access_tokens.list()], ["deploy"])
        self.assertEqual(self.gl("glpat-alice-000000000000000").applications.list(), [])



class Hooks(MockTestCase):
    """Project, group and system hooks through python-gitlab's managers, as GitLab answers them."""

    def test_a_maintainer_manages_project_hooks_and_the_token_is_never_shown(self):
        hooks = self.project(OMAR).hooks
        hook = hooks.create({"url": "https://bots.example.com/gitlab", "token": "s3cret", "merge_requests_events": True})
        self.assertEqual((hook.url, hook.push_events, hook.merge_requests_events), ("https://bots.example.com/gitlab", True, True))
        self.assertNotIn("token", hook.attributes)
        hook.issues_events = True
        hook.save()
        self.assertTrue(hooks.get(hook.id).issues_events)
        self.assertEqual([h.id for h in hooks.list()], [hook.id])
        hook.delete()
        self.assertEqual(hooks.list(), [])

    def test_a_developer_is_refused_a_bad_url_is_invalid_and_loopback_is_taken(self):
        with self.assertRaises(gitlab.GitlabListError) as refused:
            self.project(DEV).hooks.list()
        self.assertEqual(refused.exception.response_code, 403)
        with self.assertRaises(gitlab.GitlabCreateError) as invalid:
            self.project(OMAR).hooks.create({"url": "ftp://127.0.0.1:8080/hook"})
        self.assertEqual((invalid.exception.response_code, invalid.exception.error_message), (422, "Invalid url given"))
        # Unlike GitLab's default, the mock takes loopback hook URLs, for receivers in tests.
        self.assertEqual(self.project(OMAR).hooks.create({"url": "http://127.0.0.1:8080/hook"}).url, "http://127.0.0.1:8080/hook")

    def test_an_owner_manages_group_hooks_and_an_administrator_system_hooks(self):
        group_hook = self.gl(MARIA).groups.get("acme", lazy=True).hooks.create({"url": "https://bots.example.com/members", "member_events": True})
        self.assertEqual((group_hook.member_events, group_hook.subgroup_events), (True, False))
        system = self.gl(ROOT).hooks.create({"url": "https://audit.example.com/gitlab"})
        self.assertEqual([h.id for h in self.gl(ROOT).hooks.list()], [system.id])
        with self.assertRaises(gitlab.GitlabListError) as refused:
            self.gl(MARIA).hooks.list()
        self.assertEqual(refused.exception.response_code, 403)


if __name__ == "__main__":
    unittest.main()
