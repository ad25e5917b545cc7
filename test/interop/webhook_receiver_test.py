"""Unit checks of the interop suite's webhook receiver (webhook_receiver.py): what it checks of a
delivery against GitLab's documented examples (test/fixtures/webhooks), and the receiver process
itself (the port on its first line, recording, --fail, --token, GET /__received, SIGTERM's dump).
Needs no mock: run with `python3 -m unittest discover -s test/interop -p webhook_receiver_test.py`.
"""

import copy
import json
import os
import signal
import subprocess
import sys
import unittest
import urllib.error
import urllib.request

from webhook_receiver import EXAMPLES, check_delivery, check_headers, check_payload, load_example

HERE = os.path.dirname(os.path.abspath(__file__))
SECRET = "hook-secret-3f9c1e7a"


def gitlab_headers(event, token=SECRET):
    """The headers GitLab's WebHookService sends, with the values of its documented example."""
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "GitLab/17.1.0-pre",
        "Idempotency-Key": "a5461c4d-9c7f-4af9-add6-cddebe3c426f",
        "X-Gitlab-Event": event,
        "X-Gitlab-Webhook-UUID": "3c5c0404-c866-44bc-a5f6-452bb1bfc76e",
        "X-Gitlab-Instance": "https://gitlab.example.com",
        "X-Gitlab-Event-UUID": "9cebe914-4827-408f-b014-cfa23a47a35f",
    }
    if token is not None:
        headers["X-Gitlab-Token"] = token
    return headers


DOCUMENTED = sorted({(event, name) for (event, _), name in EXAMPLES.items()}) + [
    ("Resource Access Token Hook", "access-token-group.json")
]


class DocumentedExamples(unittest.TestCase):
    def test_every_documented_example_passes(self):
        for event, name in DOCUMENTED:
            with self.subTest(name, event=event):
                delivery = {"headers": gitlab_headers(event), "body": load_example(name)}
                self.assertEqual(check_delivery(delivery, token=SECRET), [])

    def test_a_missing_key_is_reported_with_its_path(self):
        payload = load_example("merge-request.json")
        del payload["object_attributes"]["iid"]
        del payload["project"]["path_with_namespace"]
        self.assertEqual(
            check_payload("Merge Request Hook", payload),
            ["project.path_with_namespace: missing", "object_attributes.iid: missing"],
        )

    def test_a_key_of_another_json_type_is_reported(self):
        payload = load_example("milestone.json")
        payload["object_attributes"]["iid"] = "10"
        payload["action"] = ["create"]
        self.assertEqual(
            check_payload("Milestone Hook", payload),
            ["object_attributes.iid: string where GitLab sends number", "action: array where GitLab sends string"],
        )

    def test_keys_gitlab_sends_only_sometimes_may_be_missing(self):
        payload = load_example("issue.json")
        for key in ("assignees", "assignee"):
            del payload[key]
        for key in ("action", "weight", "health_status", "severity", "escalation_status", "escalation_policy"):
            del payload["object_attributes"][key]
        self.assertEqual(check_payload("Issue Hook", payload), [])
        member = load_example("member-add.json")
        del member["group_plan"]
        self.assertEqual(check_payload("Member Hook", member), [])
        milestone = load_example("milestone.json")
        del milestone["object_attributes"]["group_id"]
        self.assertEqual(check_payload("Milestone Hook", milestone), [])

    def test_null_matches_any_type_and_changes_vary(self):
        payload = load_example("merge-request.json")
        payload["object_attributes"]["milestone_id"] = 7
        payload["object_attributes"]["last_commit"] = None
        payload["changes"] = {"title": {"previous": "a", "current": "b"}}
        self.assertEqual(check_payload("Merge Request Hook", payload), [])

    def test_a_payload_of_another_kind_than_the_header_is_reported(self):
        self.assertEqual(
            check_payload("Merge Request Hook", load_example("issue.json")),
            ["no documented 'Merge Request Hook' payload of kind 'issue'"],
        )
        self.assertEqual(
            check_payload("Member Hook", load_example("milestone.json")),
            ["no documented 'Member Hook' payload of kind 'milestone'"],
        )

    def test_a_system_hook_payload_is_checked_against_the_example_of_its_kind(self):
        self.assertEqual(check_payload("System Hook", load_example("member-remove.json")), [])
        payload = load_example("merge-request.json")
        del payload["object_attributes"]["target"]
        self.assertEqual(check_payload("System Hook", payload), ["object_attributes.target: missing"])
        self.assertEqual(
            check_payload("System Hook", {"event_name": "project_create"}),
            ["no documented 'System Hook' payload of kind 'project_create'"],
        )

    def test_the_group_token_event_is_checked_against_the_group_example(self):
        payload = load_example("access-token-group.json")
        del payload["group"]["full_path"]
        self.assertEqual(check_payload("Resource Access Token Hook", payload), ["group.full_path: missing"])


class Headers(unittest.TestCase):
    def test_gitlab_headers_pass(self):
        self.assertEqual(check_headers(gitlab_headers("Issue Hook"), token=SECRET), [])
        self.assertEqual(check_headers(gitlab_headers("Issue Hook", token=None)), [])

    def test_names_are_read_in_any_case(self):
        lower = {name.lower(): value for name, value in gitlab_headers("Issue Hook").items()}
        self.assertEqual(check_headers(lower, token=SECRET), [])

    def test_a_wrong_or_missing_token_is_reported(self):
        self.assertEqual(check_headers(gitlab_headers("Issue Hook", "other"), token=SECRET), ["X-Gitlab-Token: not the hook's token"])
        self.assertEqual(check_headers(gitlab_headers("Issue Hook", None), token=SECRET), ["X-Gitlab-Token: not the hook's token"])
        self.assertEqual(check_headers(gitlab_headers("Issue Hook"), token=None), ["X-Gitlab-Token: sent by a hook without a token"])

    def test_missing_or_malformed_delivery_headers_are_reported(self):
        headers = gitlab_headers("Issue Hook")
        del headers["X-Gitlab-Event"]
        del headers["X-Gitlab-Instance"]
        headers["User-Agent"] = "curl/8.0"
        headers["Idempotency-Key"] = "1"
        headers["Content-Type"] = "text/plain"
        self.assertEqual(
            check_headers(headers, token=SECRET),
            [
                "Content-Type: not application/json",
                "User-Agent: not GitLab/<version>",
                "X-Gitlab-Event: missing",
                "idempotency-key: not a UUID",
                "X-Gitlab-Instance: not a URL",
            ],
        )


class ReceiverProcess(unittest.TestCase):
    def start(self, *args):
        process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "webhook_receiver.py"), "0", *args],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.addCleanup(process.stdout.close)
        self.addCleanup(process.wait, 10)
        self.addCleanup(lambda: process.poll() is None and process.kill())
        port = int(process.stdout.readline())
        self.assertGreater(port, 0)
        return process, f"http://127.0.0.1:{port}"

    def post(self, url, body, headers):
        request = urllib.request.Request(url, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            error.close()
            return error.code

    def received(self, base):
        with urllib.request.urlopen(f"{base}/__received", timeout=10) as response:
            return json.load(response)

    def test_records_deliveries_answers_200_and_dumps_them_on_sigterm(self):
        process, base = self.start()
        payload = load_example("merge-request.json")
        self.assertEqual(self.post(f"{base}/hooks/mr", json.dumps(payload).encode(), gitlab_headers("Merge Request Hook")), 200)
        self.assertEqual(self.post(f"{base}/hooks/raw", b"not json", {"Content-Type": "text/plain"}), 200)
        received = self.received(base)
        self.assertEqual([(d["method"], d["path"], d["status"]) for d in received], [("POST", "/hooks/mr", 200), ("POST", "/hooks/raw", 200)])
        self.assertEqual(received[0]["body"], payload)
        self.assertEqual(received[0]["headers"]["X-Gitlab-Event"], "Merge Request Hook")
        self.assertEqual(check_delivery(received[0], token=SECRET), [])
        self.assertEqual(received[1]["raw"], "not json")
        self.assertNotIn("body", received[1])

        process.send_signal(signal.SIGTERM)
        dump = process.stdout.read()
        self.assertEqual(process.wait(timeout=10), 0)
        self.assertEqual(json.loads(dump), received)

    def test_fail_answers_the_status_given_and_still_records(self):
        process, base = self.start("--fail", "500")
        self.assertEqual(self.post(f"{base}/hook", b"{}", gitlab_headers("Issue Hook")), 500)
        self.assertEqual([d["status"] for d in self.received(base)], [500])

    def test_token_answers_401_to_a_wrong_token(self):
        process, base = self.start("--token", SECRET)
        body = json.dumps(load_example("milestone.json")).encode()
        self.assertEqual(self.post(f"{base}/hook", body, gitlab_headers("Milestone Hook")), 200)
        self.assertEqual(self.post(f"{base}/hook", body, gitlab_headers("Milestone Hook", "wrong")), 401)
        self.assertEqual(self.post(f"{base}/hook", body, gitlab_headers("Milestone Hook", None)), 401)
        self.assertEqual([d["status"] for d in self.received(base)], [200, 401, 401])

    def test_delete_empties_the_record(self):
        process, base = self.start()
        self.post(f"{base}/hook", b"{}", gitlab_headers("Issue Hook"))
        request = urllib.request.Request(f"{base}/__received", method="DELETE")
        with urllib.request.urlopen(request, timeout=10) as response:
            self.assertEqual(response.status, 204)
        self.assertEqual(self.received(base), [])


if __name__ == "__main__":
    unittest.main()
