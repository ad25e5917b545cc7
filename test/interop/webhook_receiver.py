#!/usr/bin/env python3
"""A webhook receiver for the interop suite, on Python's standard library only.

    python3 test/interop/webhook_receiver.py PORT [--host 127.0.0.1] [--fail STATUS] [--token SECRET]

Listens on 127.0.0.1 at PORT (0: a free port) and prints the port it listens on as its first line
of stdout. Every request other than `GET /__received` is recorded (method, path, headers, the body
as JSON, or as text when it is not JSON) and answered 200, or STATUS with `--fail`; with `--token`,
a request whose X-Gitlab-Token is not SECRET is answered 401 (and still recorded). What it received
is served as a JSON list by `GET /__received` (`DELETE /__received` empties it) and printed as JSON
on stdout when the process gets SIGTERM, after which it exits 0.

`check_delivery` is what a receiver checks of a delivery against GitLab's documentation: the
headers GitLab sends, and a payload with the keys (and JSON types) of GitLab's documented example
of its event (test/fixtures/webhooks).
"""

import argparse
import json
import os
import re
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "webhooks")

# X-Gitlab-Event → how to pick GitLab's documented example of the payload: by object_kind, and for
# the events that have none (group member events) by event_name.
EXAMPLES = {
    ("Merge Request Hook", "merge_request"): "merge-request.json",
    ("Issue Hook", "issue"): "issue.json",
    ("Confidential Issue Hook", "issue"): "issue.json",
    ("Milestone Hook", "milestone"): "milestone.json",
    ("Resource Access Token Hook", "access_token"): "access-token-project.json",
    ("Member Hook", "user_add_to_group"): "member-add.json",
    ("Member Hook", "user_update_for_group"): "member-update.json",
    ("Member Hook", "user_remove_from_group"): "member-remove.json",
}

# Keys of the documented examples that GitLab sends only sometimes: assignees and reviewers only
# when there are some, `action` not from the hook's "Test" button, the Enterprise Edition's fields
# (`weight`, `health_status`, `group_plan`; a milestone's `group_id`, in the example but not in the
# Community Edition's MilestoneBuilder) and the incident fields (`severity`, `escalation_*`).
SOMETIMES = {
    "milestone.json": {"object_attributes.group_id"},
    "merge-request.json": {"assignees", "reviewers", "object_attributes.action"},
    "issue.json": {
        "assignees",
        "assignee",
        "object_attributes.action",
        "object_attributes.weight",
        "object_attributes.health_status",
        "object_attributes.severity",
        "object_attributes.escalation_status",
        "object_attributes.escalation_policy",
    },
    "member-add.json": {"group_plan"},
    "member-update.json": {"group_plan"},
    "member-remove.json": {"group_plan"},
}

# Objects whose keys vary with the event: `changes` holds what changed.
VARYING = {"changes"}

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def load_example(name):
    """GitLab's documented example payload of that file of test/fixtures/webhooks."""
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as file:
        return json.load(file)


def example_for(event, payload):
    """The documented example for this X-Gitlab-Event and payload, as (file name, payload), or None."""
    if not isinstance(payload, dict):
        return None
    if event == "Resource Access Token Hook" and "group" in payload:
        return "access-token-group.json", load_example("access-token-group.json")
    kind = payload.get("object_kind", payload.get("event_name"))
    if event == "System Hook":  # a system hook sends every event under one header
        name = next((file for (_, of), file in EXAMPLES.items() if of == kind), None)
    else:
        name = EXAMPLES.get((event, kind))
    return (name, load_example(name)) if name else None


def json_type(value):
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null"


def compare(example, payload, path, sometimes, problems):
    for key, expected in example.items():
        where = f"{path}.{key}" if path else key
        if key not in payload:
            if where not in sometimes:
                problems.append(f"{where}: missing")
            continue
        actual = payload[key]
        if expected is None or actual is None:
            continue
        if json_type(expected) != json_type(actual):
            problems.append(f"{where}: {json_type(actual)} where GitLab sends {json_type(expected)}")
        elif isinstance(expected, dict) and key not in VARYING:
            compare(expected, actual, where, sometimes, problems)


def check_payload(event, payload):
    """Problems of a payload against GitLab's documented example of its event (empty: none)."""
    found = example_for(event, payload)
    if found is None:
        kind = payload.get("object_kind", payload.get("event_name")) if isinstance(payload, dict) else None
        return [f"no documented {event!r} payload of kind {kind!r}"]
    name, example = found
    problems = []
    compare(example, payload, "", SOMETIMES.get(name, set()), problems)
    return problems


def check_headers(headers, token=None):
    """Problems of a delivery's headers against what GitLab sends (names in any case)."""
    lower = {name.lower(): value for name, value in headers.items()}
    problems = []
    if not lower.get("content-type", "").startswith("application/json"):
        problems.append("Content-Type: not application/json")
    if not re.match(r"^GitLab/\d+\.\d+", lower.get("user-agent", "")):
        problems.append("User-Agent: not GitLab/<version>")
    if not lower.get("x-gitlab-event"):
        problems.append("X-Gitlab-Event: missing")
    for name in ("x-gitlab-event-uuid", "x-gitlab-webhook-uuid", "idempotency-key"):
        if not UUID.match(lower.get(name, "")):
            problems.append(f"{name}: not a UUID")
    if not re.match(r"^https?://", lower.get("x-gitlab-instance", "")):
        problems.append("X-Gitlab-Instance: not a URL")
    if token is not None and lower.get("x-gitlab-token") != token:
        problems.append("X-Gitlab-Token: not the hook's token")
    if token is None and "x-gitlab-token" in lower:
        problems.append("X-Gitlab-Token: sent by a hook without a token")
    return problems


def check_delivery(delivery, token=None):
    """Problems of one recorded delivery (as GET /__received lists it): its headers, then its payload."""
    headers = delivery["headers"]
    event = {name.lower(): value for name, value in headers.items()}.get("x-gitlab-event", "")
    problems = check_headers(headers, token)
    if "body" not in delivery:
        return problems + ["body: not JSON"]
    return problems + check_payload(event, delivery["body"])


class Receiver(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address, fail_status, token):
        super().__init__(address, Handler)
        self.fail_status = fail_status
        self.token = token
        self.received = []
        self.lock = threading.Lock()

    def snapshot(self):
        with self.lock:
            return list(self.received)


class Handler(BaseHTTPRequestHandler):
    server: Receiver
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 - BaseHTTPRequestHandler's signature
        pass  # stdout carries the port and the dump only; stderr stays quiet

    def answer(self, status, body=b""):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def record(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        delivery = {"method": self.command, "path": self.path, "headers": dict(self.headers.items())}
        text = raw.decode("utf-8", errors="replace")
        try:
            delivery["body"] = json.loads(text)
        except ValueError:
            delivery["raw"] = text
        status = self.server.fail_status or 200
        if self.server.token is not None and self.headers.get("X-Gitlab-Token") != self.server.token:
            status = 401
        delivery["status"] = status
        with self.server.lock:
            self.server.received.append(delivery)
        self.answer(status)

    def do_GET(self):  # noqa: N802 - http.server's names
        if self.path == "/__received":
            self.answer(200, json.dumps(self.server.snapshot()).encode())
        else:
            self.record()

    def do_DELETE(self):  # noqa: N802
        if self.path == "/__received":
            with self.server.lock:
                self.server.received.clear()
            self.answer(204)
        else:
            self.record()

    do_POST = do_PUT = do_PATCH = record  # noqa: N815


def main(argv=None):
    parser = argparse.ArgumentParser(description="Record webhook deliveries (see the module's doc).")
    parser.add_argument("port", type=int, help="the port to listen on; 0 for a free one")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--fail", type=int, metavar="STATUS", help="answer deliveries with this status")
    parser.add_argument("--token", help="answer 401 to deliveries whose X-Gitlab-Token is not this")
    args = parser.parse_args(argv)

    server = Receiver((args.host, args.port), args.fail, args.token)

    def stop(signum, frame):
        # Dump, then stop serving: shutdown() waits for serve_forever, so it runs on another thread.
        print(json.dumps(server.snapshot()), flush=True)
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
