"""Plain HTTP from Python (requests) against the command-line mock, for what python-gitlab 3.12
does not cover: SCIM identities, renewing an application secret, reading and rotating project
access tokens, approval settings, group approval rules and burndown events.
The blocks between `docs:begin` and `docs:end` are the examples of docs/other-languages.md.
"""

import os
import unittest

import requests
from python_gitlab_test import MARIA, OMAR, ROOT, MockTestCase

API = "/projects/acme%2Fplatform%2Fapi"


class HttpTestCase(MockTestCase):
    def call(self, method, path, token, **kwargs):
        return requests.request(method, f"{self.url}/api/v4{path}", headers={"PRIVATE-TOKEN": token}, timeout=30, **kwargs)


class Pagination(HttpTestCase):
    def test_docs_example_follows_the_link_header(self):
        out = self.printed()
        # docs:begin requests
        import os

        import requests

        api = os.environ.get("GITLAB_URL", "http://127.0.0.1:4010") + "/api/v4"
        session = requests.Session()
        session.headers["PRIVATE-TOKEN"] = "glpat-maria-000000000000000"

        url = f"{api}/projects/acme%2Fplatform%2Fapi/milestones?per_page=2"
        titles = []
        while url:
            response = session.get(url, timeout=30)
            response.raise_for_status()
            titles += [milestone["title"] for milestone in response.json()]
            url = response.links.get("next", {}).get("url")
        print(response.headers["X-Total"], titles)
        # docs:end
        self.assertEqual(out.getvalue(), "4 ['v0.9', 'v1.0', 'v1.1', 'Backlog']\n")

    def test_reports_pages_in_headers(self):
        response = self.call("GET", f"{API}/milestones?per_page=3&page=2", MARIA)
        self.assertEqual(
            {k: response.headers[k] for k in ("X-Total", "X-Total-Pages", "X-Per-Page", "X-Page", "X-Prev-Page", "X-Next-Page")},
            {"X-Total": "4", "X-Total-Pages": "2", "X-Per-Page": "3", "X-Page": "2", "X-Prev-Page": "1", "X-Next-Page": ""},
        )
        self.assertEqual(set(response.links), {"prev", "first", "last"})


class Scim(HttpTestCase):
    def test_docs_example_moves_and_removes_identities(self):
        out = self.printed()
        # docs:begin requests-scim
        api = os.environ.get("GITLAB_URL", "http://127.0.0.1:4010") + "/api/v4"
        owner = {"PRIVATE-TOKEN": "glpat-maria-000000000000000"}  # Owner of acme

        identities = requests.get(f"{api}/groups/acme/scim/identities", headers=owner, timeout=30).json()
        print([(identity["extern_uid"], identity["active"]) for identity in identities if not identity["active"]])
        moved = requests.patch(
            f"{api}/groups/acme/scim/omar@idp.acme.example.com",
            headers=owner,
            data={"extern_uid": "omar@new-idp.example.com"},
            timeout=30,
        )
        print(moved.status_code, moved.json())
        removed = requests.delete(f"{api}/groups/acme/scim/rita@idp.acme.example.com", headers=owner, timeout=30)
        print(removed.status_code, repr(removed.text))
        # docs:end
        self.assertEqual(
            out.getvalue().splitlines(),
            [
                "[('rita@idp.acme.example.com', False)]",
                "200 {'extern_uid': 'omar@new-idp.example.com', 'user_id': 3, 'active': True}",
                "204 ''",
            ],
        )
        remaining = self.call("GET", "/groups/acme/scim/identities", MARIA).json()
        self.assertEqual([i["extern_uid"] for i in remaining], ["maria@idp.acme.example.com", "omar@new-idp.example.com", "dev@idp.acme.example.com"])
        old = self.call("GET", "/groups/acme/scim/omar@idp.acme.example.com", MARIA)
        self.assertEqual((old.status_code, old.json()), (404, {"message": "404 Identity Not Found"}))

    def test_is_for_owners(self):
        response = self.call("PATCH", "/groups/acme/scim/dev@idp.acme.example.com", OMAR, data={"extern_uid": "x"})
        self.assertEqual((response.status_code, response.json()), (403, {"message": "403 Forbidden"}))
        missing = self.call("PATCH", "/groups/acme/scim/dev@idp.acme.example.com", MARIA, data={})
        self.assertEqual((missing.status_code, missing.json()), (400, {"error": "extern_uid is missing"}))


class ApplicationSecrets(HttpTestCase):
    def test_renews_a_secret(self):
        grafana = self.call("GET", "/applications", ROOT).json()[0]
        first = self.call("POST", f"/applications/{grafana['id']}/renew-secret", ROOT)
        second = self.call("POST", f"/applications/{grafana['id']}/renew-secret", ROOT)
        self.assertEqual((first.status_code, second.status_code), (200, 200))
        self.assertEqual(first.json()["application_id"], grafana["application_id"])
        self.assertRegex(second.json()["secret"], r"^gloas-[0-9a-f]{64}$")
        self.assertNotEqual(first.json()["secret"], second.json()["secret"])
        self.assertEqual(self.call("POST", "/applications/999/renew-secret", ROOT).status_code, 404)
        self.assertEqual(self.call("POST", f"/applications/{grafana['id']}/renew-secret", MARIA).status_code, 403)


class TokenRotation(HttpTestCase):
    def test_reads_and_rotates_a_token(self):
        ci = self.call("GET", f"{API}/access_tokens?search=ci", OMAR).json()[0]
        self.assertEqual(self.call("GET", f"{API}/access_tokens/{ci['id']}", OMAR).json()["name"], "ci")
        rotated = self.call("POST", f"{API}/access_tokens/{ci['id']}/rotate", OMAR, json={"expires_at": "2026-09-01"})
        self.assertEqual(rotated.status_code, 200)
        new = rotated.json()
        self.assertEqual((new["name"], new["expires_at"], new["user_id"]), ("ci", "2026-09-01", ci["user_id"]))
        self.assertNotEqual(new["id"], ci["id"])
        self.assertEqual(self.call("GET", f"{API}/milestones", "glpat-ci-000000000000000000").status_code, 401)
        self.assertEqual(self.call("GET", f"{API}/milestones", new["token"]).status_code, 200)
        reuse = self.call("POST", f"{API}/access_tokens/{ci['id']}/rotate", OMAR)
        self.assertEqual((reuse.status_code, reuse.json()), (400, {"message": "400 Bad request - Token already revoked"}))
        self.assertEqual(self.call("GET", f"{API}/milestones", new["token"]).status_code, 401)  # the family is revoked

    def test_a_token_rotates_itself_a_week_ahead_by_default(self):
        rotated = self.call("POST", f"{API}/access_tokens/self/rotate", "glpat-release-0000000000000")
        self.assertEqual((rotated.status_code, rotated.json()["name"], rotated.json()["expires_at"]), (200, "release-bot", "2026-06-08"))


class ApprovalSettings(HttpTestCase):
    def test_shows_locks_and_keeps_them(self):
        settings = self.call("GET", f"{API}/merge_request_approval_setting", OMAR).json()
        self.assertEqual(settings["allow_author_approval"], {"value": False, "locked": True, "inherited_from": "instance"})
        self.assertEqual(settings["retain_approvals_on_push"], {"value": False, "locked": True, "inherited_from": "group"})
        updated = self.call("PUT", f"{API}/merge_request_approval_setting", OMAR, json={"retain_approvals_on_push": True, "require_reauthentication_to_approve": True})
        self.assertEqual(updated.status_code, 200)
        self.assertEqual(updated.json()["retain_approvals_on_push"]["value"], False)
        self.assertEqual(updated.json()["require_reauthentication_to_approve"]["value"], True)
        self.assertEqual(self.call("GET", f"{API}/approvals", OMAR).json()["require_password_to_approve"], True)

    def test_group_settings_are_for_owners(self):
        self.assertEqual(self.call("GET", "/groups/acme/merge_request_approval_setting", MARIA).status_code, 200)
        self.assertEqual(self.call("GET", "/groups/acme%2Fplatform/merge_request_approval_setting", OMAR).status_code, 403)
        empty = self.call("PUT", "/groups/acme/merge_request_approval_setting", MARIA, json={})
        self.assertEqual(empty.status_code, 400)


class MergeRequestApprovalRules(HttpTestCase):
    def test_updates_a_rule_of_a_merge_request(self):
        # python-gitlab 3.12's rule.save() sends the project id as the rule id: plain HTTP instead.
        self.call("POST", f"{API}/approvals", OMAR, json={"disable_overriding_approvers_per_merge_request": False})
        rule = self.call("POST", f"{API}/merge_requests/4/approval_rules", OMAR, json={"name": "Pair", "approvals_required": 1})
        self.assertEqual(rule.status_code, 201)
        updated = self.call("PUT", f"{API}/merge_requests/4/approval_rules/{rule.json()['id']}", OMAR, json={"approvals_required": 2})
        self.assertEqual((updated.status_code, updated.json()["approvals_required"], updated.json()["name"]), (200, 2, "Pair"))


class GroupApprovalRules(HttpTestCase):
    def test_lists_creates_and_updates(self):
        created = self.call("POST", "/groups/acme/approval_rules", MARIA, json={"name": "Legal", "approvals_required": 1, "user_ids": [2]})
        self.assertEqual((created.status_code, created.json()["name"]), (201, "Legal"))
        rule_id = created.json()["id"]
        updated = self.call("PUT", f"/groups/acme/approval_rules/{rule_id}", MARIA, json={"approvals_required": 2})
        self.assertEqual((updated.status_code, updated.json()["approvals_required"]), (200, 2))
        names = [r["name"] for r in self.call("GET", "/groups/acme/approval_rules", MARIA).json()]
        self.assertEqual(names, ["Compliance", "Legal"])
        missing = self.call("PUT", "/groups/acme/approval_rules/999", MARIA, json={"approvals_required": 2})
        self.assertEqual((missing.status_code, missing.json()), (404, {"message": "404 Approval Rule Not Found"}))


class Burndown(HttpTestCase):
    def test_lists_burndown_events_of_a_milestone(self):
        v10 = self.call("GET", f"{API}/milestones?title=v1.0", MARIA).json()[0]
        events = self.call("GET", f"{API}/milestones/{v10['id']}/burndown_events", MARIA).json()
        self.assertEqual(
            [(e["action"], e["weight"]) for e in events],
            [("created", 3), ("created", 5), ("created", 8), ("closed", 3), ("closed", 5), ("reopened", 5), ("closed", 5)],
        )


if __name__ == "__main__":
    unittest.main()
