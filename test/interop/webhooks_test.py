"""A webhook receiver in Python (http.server) against the command-line mock: real flows driven over
HTTP (approve, merge, close a milestone), deliveries awaited with POST /__mock/webhooks/settled, and the
payloads and headers checked against GitLab's documented merge request and milestone events."""

import json
import os
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import requests
from python_gitlab_test import MockTestCase

MARIA = "glpat-maria-000000000000000"
OMAR = "glpat-omar-0000000000000000"
API = "/projects/acme%2Fapi"
WORLD = os.path.join(os.path.dirname(__file__), "webhooks-world.json")


class Receiver(BaseHTTPRequestHandler):
    received = []

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        Receiver.received.append((dict(self.headers), json.loads(body)))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


class Webhooks(MockTestCase):
    seed = WORLD

    def setUp(self):
        super().setUp()
        Receiver.received = []
        self.receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=self.receiver.serve_forever, daemon=True).start()
        self.addCleanup(self.receiver.server_close)
        self.addCleanup(self.receiver.shutdown)
        self.hook_url = f"http://127.0.0.1:{self.receiver.server_address[1]}/gitlab"

    def call(self, method, path, token, **kwargs):
        response = requests.request(method, f"{self.url}/api/v4{path}", headers={"PRIVATE-TOKEN": token}, timeout=30, **kwargs)
        self.assertLess(response.status_code, 300, response.text)
        return response.json() if response.text else None

    def settled(self):
        self.assertEqual(requests.post(f"{self.url}/__mock/webhooks/settled", timeout=30).status_code, 204)

    def test_approve_merge_and_close_a_milestone(self):
        self.call("POST", f"{API}/hooks", MARIA, json={
            "url": self.hook_url, "token": "s3cret", "merge_requests_events": True, "milestone_events": True,
        })
        self.call("POST", f"{API}/merge_requests/1/approve", OMAR)
        self.call("PUT", f"{API}/merge_requests/1/merge", MARIA)
        [milestone] = self.call("GET", f"{API}/milestones", MARIA)
        self.call("PUT", f"{API}/milestones/{milestone['id']}", MARIA, json={"state_event": "close"})
        self.settled()

        events = [(h["X-Gitlab-Event"], b.get("object_attributes", {}).get("action") or b.get("action")) for h, b in Receiver.received]
        self.assertEqual(events, [("Merge Request Hook", "approved"), ("Merge Request Hook", "merge"), ("Milestone Hook", "close")])
        headers, approved = Receiver.received[0]
        self.assertEqual(headers["X-Gitlab-Token"], "s3cret")
        self.assertEqual(headers["Content-Type"], "application/json")
        self.assertTrue(headers["User-Agent"].startswith("GitLab/"))
        self.assertEqual(headers["X-Gitlab-Instance"], self.url)
        for name in ("X-Gitlab-Event-UUID", "X-Gitlab-Webhook-UUID", "Idempotency-Key"):
            self.assertEqual(len(headers[name]), 36, name)
        # GitLab's documented merge request event: these keys, in this order.
        self.assertEqual(list(approved), ["object_kind", "event_type", "user", "project", "object_attributes", "labels", "changes", "repository"])
        self.assertEqual(approved["user"]["username"], "omar")
        self.assertEqual(approved["project"]["path_with_namespace"], "acme/api")
        self.assertEqual(approved["object_attributes"]["iid"], 1)
        self.assertEqual(Receiver.received[1][1]["object_attributes"]["state"], "merged")
        milestone_event = Receiver.received[2][1]
        self.assertEqual(list(milestone_event), ["object_kind", "event_type", "project", "group", "object_attributes", "action"])
        self.assertIsNone(milestone_event["group"])
        self.assertEqual(milestone_event["object_attributes"]["state"], "closed")
        # A queued event's times as Sidekiq's JSON.generate writes them (Ruby's Time#to_s).
        self.assertRegex(milestone_event["object_attributes"]["updated_at"], r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$")

    def test_trigger_and_the_delivery_log(self):
        self.call("POST", f"{API}/hooks", MARIA, json={"url": self.hook_url, "merge_requests_events": True})
        triggered = requests.post(f"{self.url}/__mock/webhooks/trigger", json={"event": "merge_request", "action": "unapproved"}, timeout=30)
        self.assertEqual((triggered.status_code, triggered.json()), (202, {"hooks": 1}))
        self.settled()
        self.assertEqual(Receiver.received[0][1]["object_attributes"]["action"], "unapproved")
        log = requests.get(f"{self.url}/__mock/webhooks/deliveries", timeout=30).json()
        self.assertEqual([(d["trigger"], d["response_status"], d["outcome"]) for d in log], [("merge_request_hooks", 200, "delivered")])


if __name__ == "__main__":
    unittest.main()
