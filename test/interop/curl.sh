#!/usr/bin/env bash
# The command-line mock driven by curl and jq, a world of its own per scenario on the suite's
# server: statuses, bodies, headers and state changes, as GitLab answers them. The blocks between
# `docs:begin` and `docs:end` are the examples of docs/other-languages.md, verbatim.
# Run by test/interop/run.sh, which starts the server and sets GITLAB_MOCK_URL.
set -euo pipefail
cd "$(dirname "$0")"
# shellcheck source=test/interop/lib.sh
source ./lib.sh

API=/projects/acme%2Fplatform%2Fapi
ROOT=glpat-root-0000000000000000
MARIA=glpat-maria-000000000000000
OMAR=glpat-omar-0000000000000000
DEV=glpat-dev-00000000000000000
PAULA=glpat-paula-000000000000000
RITA=glpat-rita-0000000000000000
GUS=glpat-gus-00000000000000000

milestones() {
  list_active() {
    # docs:begin active-milestones
    curl -s -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones?state=active" |
      jq -r '.[] | "\(.title)  due \(.due_date)  expired: \(.expired)"'
    # docs:end
  }
  check 'active milestones, due date first, undated last' "$(list_active)" "$(printf '%s\n' \
    'v1.0  due 2026-05-15  expired: true' 'v1.1  due 2026-06-12  expired: false' 'Backlog  due null  expired: false')"

  page_headers() {
    # docs:begin pagination-headers
    curl -s -o /dev/null -D - -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones?per_page=3" | grep -iE '^x-(total|.*page)'
    # docs:end
  }
  check 'pagination headers' "$(page_headers | tr -d '\r' | sort)" "$(printf '%s\n' \
    'x-next-page: 2' 'x-page: 1' 'x-per-page: 3' 'x-prev-page: ' 'x-total-pages: 2' 'x-total: 4' | sort)"
  api GET "$API/milestones?per_page=3&page=2" "$MARIA"
  check 'page 2 has the last milestone' "$(json 'map(.title)')" '["Backlog"]'
  check 'Link header of page 2' "$(header link)" \
    "<$GITLAB_URL/api/v4$API/milestones?page=1&per_page=3>; rel=\"prev\", <$GITLAB_URL/api/v4$API/milestones?page=1&per_page=3>; rel=\"first\", <$GITLAB_URL/api/v4$API/milestones?page=2&per_page=3>; rel=\"last\""

  create() {
    # docs:begin create-milestone
    # Form fields (or a JSON body) as GitLab takes them; paula is a Planner.
    curl -s -H 'PRIVATE-TOKEN: glpat-paula-000000000000000' \
      -d title=v2.0 -d start_date=2026-07-01 -d due_date=2026-09-30 \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones" | jq -c '{iid, title, state, expired}'
    # docs:end
  }
  check 'create a milestone' "$(create)" '{"iid":5,"title":"v2.0","state":"active","expired":false}'
  api GET "$API/milestones?title=v2.0" "$PAULA"
  local id
  id=$(json '.[0].id')
  check 'the new milestone is listed' "$(json 'map(.iid)')" '[5]'

  api POST "$API/milestones" "$PAULA" -H 'Content-Type: application/json' -d '{"title":"v2.0"}'
  check 'a taken title: status' "$STATUS" 400
  check 'a taken title: GitLab message' "$BODY" \
    '{"message":"Failed to create milestone {:title=>[\"already being used for another group or project milestone.\"]}"}'
  api POST "$API/milestones" "$PAULA" -d title=late -d start_date=2026-09-30 -d due_date=2026-09-01
  check 'due before start: status' "$STATUS" 400

  api PUT "$API/milestones/$id" "$PAULA" -d state_event=close
  check 'close: status' "$STATUS" 200
  check 'close: state' "$(json .state)" '"closed"'
  api GET "$API/milestones?state=closed" "$MARIA"
  check 'closed milestones' "$(json 'map(.title)')" '["v0.9","v2.0"]'

  api DELETE "$API/milestones/$id" "$PAULA"
  check 'delete: 204, empty body' "$STATUS:$BODY" '204:'
  api GET "$API/milestones/$id" "$PAULA"
  check 'deleted milestone: 404 body' "$STATUS $BODY" '404 {"message":"404 Not found"}'

  api GET "$API/milestones?iids[]=2&iids[]=3" "$MARIA"
  check 'iids[] filter' "$(json 'map(.iid)')" '[2,3]'
  api GET "$API/milestones?include_ancestors=true&search=q2" "$MARIA"
  check 'group milestone with include_ancestors' "$(json 'map([.title, .group_id])')" '[["FY26 Q2",1]]'
  api GET "$API/milestones/$(jq '.[0].id' <<<"$BODY")" "$MARIA"
  check 'a group milestone is not the project'"'"'s' "$STATUS" 404

  local v11
  api GET "$API/milestones?title=v1.1" "$MARIA"
  v11=$(json '.[0].id')
  api GET "$API/milestones/$v11/issues?per_page=100" "$MARIA"
  check 'issues of v1.1' "$(json length)" 7
  api GET "$API/milestones/$v11/issues" "$GUS"
  check 'a Guest does not see the confidential issue' "$(json length)" 6
  api GET "$API/milestones/$v11/merge_requests" "$MARIA"
  check 'merge requests of v1.1' "$(json 'map(.iid) | sort')" '[2,3,4]'
  api GET "$API/milestones/$v11/burndown_events" "$MARIA"
  check 'burndown events of v1.1' "$(json 'group_by(.action) | map([.[0].action, length])')" \
    '[["closed",5],["created",7],["reopened",1]]'
}

errors() {
  no_token() {
    # docs:begin errors
    curl -s -w ' %{http_code}\n' "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones"
    curl -s -w ' %{http_code}\n' -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
      "$GITLAB_URL/api/v4/applications"
    curl -s -w ' %{http_code}\n' -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones?state=open"
    # docs:end
  }
  check 'GitLab-shaped errors' "$(no_token)" "$(printf '%s\n' \
    '{"message":"401 Unauthorized"} 401' \
    '{"message":"403 Forbidden"} 403' \
    '{"error":"state does not have a valid value"} 400')"
  api POST "$API/milestones" "$GUS" -d title=x
  check 'a read_api token may not write' "$STATUS $(json .error)" '403 "insufficient_scope"'
  api GET "$API/milestones" '' -H "Authorization: Bearer $MARIA"
  check 'Authorization: Bearer works too' "$STATUS" 200
  api GET "$API/milestones?private_token=$MARIA" ''
  check '?private_token= works too' "$STATUS" 200
  api GET /projects/acme%2Fnope/milestones "$MARIA"
  check 'unknown project' "$STATUS $BODY" '404 {"message":"404 Project Not Found"}'
  api GET /nothing/here "$MARIA"
  check 'unknown route' "$STATUS $BODY" '404 {"error":"404 Not Found"}'
  api PATCH "$API/milestones" "$MARIA"
  check 'known path, other method' "$STATUS $BODY" '404 {"error":"404 Not Found"}'
}

access_tokens() {
  api GET "$API/access_tokens" "$OMAR"
  check 'tokens of the project' "$(json 'map([.name, .active, .revoked])')" \
    '[["ci",true,false],["release-bot",true,false],["old-deploy",false,true]]'
  check 'no secret in the list' "$(json 'map(has("token")) | any')" false
  api GET "$API/access_tokens?state=active&sort=name_desc" "$OMAR"
  check 'active tokens by name, descending' "$(json 'map(.name)')" '["release-bot","ci"]'
  api GET "$API/access_tokens" "$DEV"
  check 'a Developer gets 401, as in GitLab' "$STATUS $BODY" '401 {"message":"401 Unauthorized"}'

  api POST "$API/access_tokens" "$OMAR" -d name=curl -d 'scopes[]=api' -d access_level=30
  check 'create: status' "$STATUS" 201
  check 'create: a year by default' "$(json '[.name, .access_level, .expires_at, .active]')" '["curl",30,"2027-06-01",true]'
  local id token
  id=$(json .id)
  token=$(jq -r .token <<<"$BODY")
  [[ $token =~ ^glpat-[A-Za-z0-9_-]{20}$ ]] || check 'token format' "$token" 'glpat- and 20 characters'
  api GET "$API/milestones" "$token"
  check 'the new token works' "$STATUS" 200
  api GET "$API/access_tokens/$id" "$OMAR"
  check 'read one token' "$(json '[.name, has("token")]')" '["curl",false]'
  api POST "$API/access_tokens" "$OMAR" -d name=too-long -d 'scopes[]=api' -d expires_at=2027-12-31
  check 'more than a year' "$STATUS $BODY" '400 {"message":"400 Bad request - Expiration date must be before 2027-06-01"}'
  api POST "$API/access_tokens" "$OMAR" -d name=owner -d 'scopes[]=api' -d access_level=50
  check 'above the caller'"'"'s role' "$STATUS" 400

  rotate() {
    # docs:begin rotate-token
    # omar (Maintainer) rotates the ci token; the old value stops working at once.
    ci=$(curl -s -H 'PRIVATE-TOKEN: glpat-omar-0000000000000000' \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/access_tokens?search=ci" | jq '.[0].id')
    curl -s -X POST -H 'PRIVATE-TOKEN: glpat-omar-0000000000000000' -d expires_at=2026-09-01 \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/access_tokens/$ci/rotate" |
      jq -c '{name, expires_at, active}'
    curl -s -H 'PRIVATE-TOKEN: glpat-ci-000000000000000000' \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones"
    # docs:end
  }
  check 'rotate' "$(rotate)" "$(printf '%s\n' '{"name":"ci","expires_at":"2026-09-01","active":true}' \
    '{"message":"401 Unauthorized"}')"
  api GET "$API/access_tokens?search=ci" "$OMAR"
  check 'the old ci token is revoked, the new one active' "$(json 'map([.revoked, .expires_at])')" \
    '[[true,"2026-12-01"],[false,"2026-09-01"]]'
  local old_ci
  old_ci=$(json '.[0].id')
  api POST "$API/access_tokens/$old_ci/rotate" "$OMAR"
  check 'rotating a revoked token is reuse' "$STATUS $BODY" '400 {"message":"400 Bad request - Token already revoked"}'
  api GET "$API/access_tokens?search=ci&state=active" "$OMAR"
  check 'reuse revokes the whole family' "$(json length)" 0

  api DELETE "$API/access_tokens/$id" "$OMAR"
  check 'revoke: 204' "$STATUS" 204
  api GET "$API/milestones" "$token"
  check 'a revoked token stops working' "$STATUS" 401
  api GET "$API/access_tokens/$id" "$OMAR"
  check 'and stays listed as revoked' "$(json '[.active, .revoked]')" '[false,true]'
  api POST "$API/access_tokens/self/rotate" glpat-release-0000000000000
  check 'a token rotates itself' "$STATUS $(json .name)" '200 "release-bot"'
}

applications() {
  api POST /applications "$ROOT" -d name=Wiki -d redirect_uri=https://wiki.example.com/callback \
    -d 'scopes=read_user openid' -d confidential=false
  check 'create: 200 and a secret' "$STATUS $(json '[.application_name, .confidential, .scopes, (.secret | test("^gloas-[0-9a-f]{64}$"))]')" \
    '200 ["Wiki",false,["read_user","openid"],true]'
  local id secret
  id=$(json .id)
  secret=$(json .secret)
  api GET /applications "$ROOT"
  check 'listed, without secrets' "$(json '[map(.application_name), (map(has("secret")) | any)]')" \
    '[["Grafana","Acme Desktop","Wiki"],false]'
  api POST "/applications/$id/renew-secret" "$ROOT"
  check 'renew-secret: a new secret' "$STATUS $([[ $(json .secret) != "$secret" ]] && echo new)" '200 new'
  api DELETE "/applications/$id" "$ROOT"
  check 'delete: 204' "$STATUS" 204
  api DELETE "/applications/$id" "$ROOT"
  check 'delete again' "$STATUS $BODY" '404 {"message":"404 Application Not Found"}'
  api POST /applications "$ROOT" -d name=Bad -d redirect_uri=javascript:alert -d scopes=api
  check 'a forbidden scheme' "$STATUS $BODY" '400 {"message":{"redirect_uri":["is forbidden by the server."]}}'
  api POST /applications "$ROOT" -d name=Bad -d redirect_uri=https://x.example.com
  check 'scopes missing' "$STATUS $BODY" '400 {"error":"scopes is missing, scopes is empty"}'
  api GET /applications "$MARIA"
  check 'administrators only' "$STATUS $BODY" '403 {"message":"403 Forbidden"}'
}

scim() {
  api GET /groups/acme/scim/identities "$MARIA"
  check 'identities of acme' "$(json 'map([.extern_uid, .active])')" \
    '[["maria@idp.acme.example.com",true],["omar@idp.acme.example.com",true],["dev@idp.acme.example.com",true],["rita@idp.acme.example.com",false]]'
  move() {
    # docs:begin scim
    curl -s -X PATCH -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
      -d extern_uid=omar@new-idp.example.com \
      "$GITLAB_URL/api/v4/groups/acme/scim/omar@idp.acme.example.com"
    # docs:end
  }
  check 'move an identity' "$(move)" '{"extern_uid":"omar@new-idp.example.com","user_id":3,"active":true}'
  api GET /groups/acme/scim/omar@idp.acme.example.com "$MARIA"
  check 'the old uid is gone' "$STATUS $BODY" '404 {"message":"404 Identity Not Found"}'
  api PATCH /groups/acme/scim/dev@idp.acme.example.com "$MARIA" -d extern_uid=maria@idp.acme.example.com
  check 'a taken uid' "$STATUS $BODY" '400 {"message":"Extern uid has already been taken"}'
  api DELETE /groups/acme/scim/rita@idp.acme.example.com "$MARIA"
  check 'delete: 204, empty body' "$STATUS:$BODY" '204:'
  api GET /groups/acme/scim/identities "$MARIA"
  check 'three left' "$(json length)" 3
  api GET /groups/acme/scim/identities "$OMAR"
  check 'a subgroup member sees the group but is not its Owner' "$STATUS $BODY" '403 {"message":"403 Forbidden"}'
}

approvals() {
  local head=a94a8fe5ccb19ba61c4c0873d391e987982fbbd3
  api GET "$API/merge_requests/3/approvals" "$RITA"
  check '!3 waits for one approval' "$(json '[.approvals_required, .approvals_left, .approved, (.approved_by | map(.user.username))]')" \
    '[3,1,false,["maria"]]'
  api POST "$API/merge_requests/3/approve" "$RITA" -d sha=0000000000000000000000000000000000000000
  check 'approve another head' "$STATUS $BODY" "409 {\"message\":\"SHA does not match HEAD of source branch: $head\"}"
  approve() {
    # docs:begin approve
    # rita approves the head she reviewed; another head would be a 409.
    curl -s -H 'PRIVATE-TOKEN: glpat-rita-0000000000000000' \
      -d sha=a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 \
      "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/merge_requests/3/approve" |
      jq -c '{approved, approvals_left, approved_by: [.approved_by[].user.username]}'
    # docs:end
  }
  check 'approve' "$(approve)" '{"approved":true,"approvals_left":0,"approved_by":["maria","rita"]}'
  api POST "$API/merge_requests/3/approve" "$RITA"
  check 'approve twice' "$STATUS" 401
  api GET "$API/merge_requests/3/approval_state" "$RITA"
  check 'approval state' "$(json '[.approval_rules_overwritten, (.rules | map([.name, .approved]))]')" \
    '[false,[["All Members",true],["Backend",true],["Security",true],["Compliance",true]]]'
  api POST "$API/merge_requests/3/unapprove" "$RITA"
  check 'unapprove' "$STATUS $(json .approvals_left)" '201 1'
  api POST "$API/merge_requests/3/unapprove" "$RITA"
  check 'unapprove again' "$STATUS $BODY" '404 {"message":"404 Not Found"}'
  api POST "$API/merge_requests/3/approve" "$MARIA" -d sha=$head
  check 'maria approved already' "$STATUS" 401
  api PUT "$API/merge_requests/3/reset_approvals" glpat-ci-000000000000000000
  check 'a project bot resets approvals (202, the JSON body 202)' "$STATUS [$BODY]" '202 [202]'
  api GET "$API/merge_requests/3/approvals" "$RITA"
  check 'no approvals left' "$(json '.approved_by | length')" 0
  api PUT "$API/merge_requests/3/reset_approvals" "$ROOT"
  check 'only bots reset approvals' "$STATUS" 401

  api POST "$API/merge_requests/3/approve" "$MARIA" -d sha=$head
  check 'maria approves again' "$STATUS" 201
  push() {
    # docs:begin push
    # dev pushes a new head to !3 (a test-setup action: GitLab's API has none).
    curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' \
      -d '{"sha": "1111111111111111111111111111111111111111", "author": "dev"}' \
      "$GITLAB_URL/__mock/projects/acme%2Fplatform%2Fapi/merge_requests/3/push"
    # docs:end
  }
  check 'push a new head' "$(push)" 204
  api GET "$API/merge_requests/3/approvals" "$RITA"
  check 'acme resets approvals on push' "$(json '.approved_by | length')" 0
  api POST "$API/merge_requests/3/approve" "$RITA" -d sha=$head
  check 'the old head is stale' "$STATUS" 409
  api POST "$API/merge_requests/3/approve" "$DEV" -d sha=1111111111111111111111111111111111111111
  check 'dev committed now, and acme forbids committers' "$STATUS" 401

  api GET "$API/approval_rules" "$DEV"
  check 'project rules' "$(json 'map([.name, .rule_type, .approvals_required])')" \
    '[["All Members","any_approver",2],["Backend","regular",1],["Security","regular",1]]'
  api POST "$API/approval_rules" "$OMAR" -d name=Docs -d approvals_required=1 -d 'usernames[]=paula'
  check 'create a rule' "$STATUS $(json '[.name, (.eligible_approvers | map(.username))]')" '201 ["Docs",["paula"]]'
  local rule
  rule=$(json .id)
  api PUT "$API/approval_rules/$rule" "$OMAR" -d name=Docs -d approvals_required=2
  check 'update a rule' "$STATUS $(json .approvals_required)" '200 2'
  api POST "$API/approval_rules" "$OMAR" -d name=Docs -d approvals_required=1 -d 'usernames[]=paula'
  check 'a taken name' "$STATUS $BODY" '400 {"message":{"name":["has already been taken"]}}'
  api DELETE "$API/approval_rules/$rule" "$OMAR"
  check 'delete a rule' "$STATUS" 204
  api POST "$API/approval_rules" "$DEV" -d name=Mine -d approvals_required=0
  check 'a Developer may not' "$STATUS" 403

  api GET /groups/acme/approval_rules "$MARIA"
  check 'group rules' "$(json 'map(.name)')" '["Compliance"]'
}

approval_settings() {
  api GET "$API/merge_request_approval_setting" "$OMAR"
  check 'locked by the instance and by acme' \
    "$(json '[.allow_author_approval, .allow_committer_approval, .retain_approvals_on_push] | map([.value, .locked, .inherited_from])')" \
    '[[false,true,"instance"],[false,true,"group"],[false,true,"group"]]'
  api PUT "$API/merge_request_approval_setting" "$OMAR" -d retain_approvals_on_push=true \
    -d allow_overrides_to_approver_list_per_merge_request=true
  check 'a locked setting stays, a free one changes' \
    "$STATUS $(json '[.retain_approvals_on_push.value, .allow_overrides_to_approver_list_per_merge_request.value]')" \
    '200 [false,true]'
  api GET "$API/approvals" "$DEV"
  check 'the approval configuration is the same settings' \
    "$(json '[.disable_overriding_approvers_per_merge_request, .reset_approvals_on_push, .merge_requests_author_approval]')" \
    '[false,true,false]'
  api POST "$API/approvals" "$OMAR" -d selective_code_owner_removals=true
  check 'selective removals need retained approvals' "$STATUS $BODY" \
    '400 {"message":{"base":["selective_code_owner_removals can only be enabled when reset_approvals_on_push is disabled"]}}'
  api PUT "$API/merge_request_approval_setting" "$OMAR"
  check 'an update needs a setting' "$STATUS" 400
  api PUT /groups/acme/merge_request_approval_setting "$MARIA" -d retain_approvals_on_push=true
  check 'the group Owner unlocks it' "$(json .retain_approvals_on_push)" '{"value":true,"locked":false,"inherited_from":null}'
  api PUT "$API/merge_request_approval_setting" "$OMAR" -d retain_approvals_on_push=true
  check 'then the project may change it' "$(json .retain_approvals_on_push.value)" true
  api GET "$API/merge_request_approval_setting" "$DEV"
  check 'settings need Maintainer' "$STATUS" 403
}

faults_and_rate_limits() {
  inject() {
    # docs:begin inject-fault
    # The next two GETs of any project's milestones answer 503 with Retry-After: 1, as a struggling GitLab would.
    curl -s -H 'Content-Type: application/json' \
      -d '{"method": "GET", "path": "/projects/:id/milestones", "status": 503, "retryAfter": 1, "times": 2}' \
      "$GITLAB_URL/__mock/faults" | jq -c '{id, status, remaining}'
    # docs:end
  }
  check 'inject a fault' "$(inject)" '{"id":1,"status":503,"remaining":2}'
  api GET "$API/milestones" "$MARIA"
  check 'the fault answers' "$STATUS $(header retry-after) $BODY" '503 1 {"message":"503 Service Unavailable"}'
  api GET "$API/milestones" "$MARIA"
  check 'twice' "$STATUS" 503
  api GET "$API/milestones" "$MARIA"
  check 'then GitLab again' "$STATUS $(json length)" '200 4'
  curl -s -o /dev/null -H 'Content-Type: application/json' -d '{"drop": true, "times": 1}' "$GITLAB_URL/__mock/faults"
  local code=0
  curl -s -o /dev/null -H "PRIVATE-TOKEN: $MARIA" "$GITLAB_URL/api/v4$API/milestones" || code=$?
  check 'a dropped connection: curl sees an empty reply (exit 52)' "$code" 52
  check 'expired faults are gone' "$(curl -s "$GITLAB_URL/__mock/faults")" '[]'

  rate_limited() {
    # docs:begin rate-limits
    # Allow each user 2 API requests a minute, then read GitLab's headers on three requests.
    curl -s -o /dev/null -X PUT -H 'Content-Type: application/json' \
      -d '{"authenticated_api": {"requests_per_period": 2, "period_in_seconds": 60}}' "$GITLAB_URL/__mock/rate_limits"
    for _ in 1 2 3; do
      curl -s -o /dev/null -D - -H 'PRIVATE-TOKEN: glpat-maria-000000000000000' \
        "$GITLAB_URL/api/v4/projects/acme%2Fplatform%2Fapi/milestones" | grep -iE '^(HTTP/|ratelimit-remaining|retry-after)'
    done
    # docs:end
  }
  check 'rate limit headers, then 429 with Retry-After' "$(rate_limited | tr -d '\r')" "$(printf '%s\n' \
    'HTTP/1.1 200 OK' 'ratelimit-remaining: 1' 'HTTP/1.1 200 OK' 'ratelimit-remaining: 0' \
    'HTTP/1.1 429 Too Many Requests' 'ratelimit-remaining: 0' 'retry-after: 60')"
  api GET "$API/milestones" "$MARIA"
  check "the 429 body is GitLab's text" "$STATUS ${BODY%$'\n'}" '429 Retry later'
  api GET "$API/milestones" "$OMAR"
  check 'another user has his own count' "$STATUS $(header ratelimit-observed)" '200 1'
}

members() {
  # Token bots are members of their project too; their usernames end in a random suffix.
  local people='[.[] | select(.username | startswith("project_") | not) | [.username, .access_level]]'
  api GET "$API/members/all" "$DEV"
  check 'members/all: direct and inherited, each once at the highest role' "$STATUS $(json "$people")" \
    '200 [["maria",50],["omar",40],["dev",30],["paula",15],["rita",20],["gus",10]]'
  api GET "$API/members/7" "$DEV"
  check 'a direct member with an end date and who added him' "$STATUS $(json '[.expires_at, .created_by.username]')" \
    '200 ["2030-12-31","maria"]'
  api POST "$API/members" "$OMAR" -d user_id=1 -d access_level=30
  check 'a Maintainer adds a member (form fields)' "$STATUS $(json '[.username, .access_level, .created_by.username]')" \
    '201 ["root",30,"omar"]'
  api POST "$API/members" "$OMAR" -d username=root -d access_level=30
  check 'an existing member: 409' "$STATUS $BODY" '409 {"message":"Member already exists"}'
  api POST "$API/members" "$OMAR" -H 'Content-Type: application/json' -d '{"username":"omar","access_level":20}'
  check 'below the inherited role: GitLab message' "$STATUS $BODY" \
    '400 {"message":{"access_level":["should be greater than or equal to Maintainer inherited membership from group Platform"]}}'
  api PUT "$API/members/6" "$OMAR" -d access_level=10
  check 'a new role' "$STATUS $(json .access_level)" '200 10'
  api DELETE "$API/members/7" "$OMAR"
  check 'removed: 204, empty' "$STATUS $BODY" '204 '
  api GET "$API/members/7" "$OMAR"
  check 'and gone' "$STATUS $BODY" '404 {"message":"404 Not found"}'
  api GET /groups/acme/members "$OMAR"
  check 'a group seen only through its subgroup: its members are 403' "$STATUS" 403
}

seed_document() {
  api GET /projects/shop%2Fweb/milestones glpat-bob-00000000000000000
  check 'the seeded world and its clock' "$STATUS $(json 'map([.title, .expired])')" \
    '200 [["Spring sale",true],["Summer sale",false]]'
  api GET /projects/shop%2Fweb/milestones glpat-deploy-shop-000000000
  check 'a seeded project token (read_api) reads' "$STATUS" 200
  api POST /projects/shop%2Fweb/milestones glpat-deploy-shop-000000000 -d title=x
  check 'but does not write' "$STATUS $(json .error)" '403 "insufficient_scope"'
  api GET /applications glpat-alice-000000000000000
  check 'alice is an administrator' "$STATUS $BODY" '200 []'
  api GET /groups/shop/scim/identities glpat-bob-00000000000000000
  check 'bob is no Owner' "$STATUS" 403
}

json_limits() {
  # GitLab's JSON limits (its JsonValidation middleware, before any route): issue 22's table.
  local dir
  dir=$(mktemp -d)
  nested() { # nested DEPTH: a value DEPTH objects deep
    printf '%*s' "$1" '' | sed 's/ /{"a":/g'
    printf '"v"'
    printf '%*s' "$1" '' | tr ' ' '}'
  }
  printf '{"title":"a","description":%s}' "$(nested 32)" >"$dir/d33"
  printf '{"title":"a","description":%s}' "$(nested 99)" >"$dir/d100"
  printf '{"title":"a","description":%s}' "$(nested 2999)" >"$dir/d3000"
  printf '{"name":%s,"scopes":["api"],"expires_at":"2026-12-31"}' "$(nested 4999)" >"$dir/token"
  jq -cn '{title: "a", labels: [range(50001) | 1]}' >"$dir/array"
  jq -cn '{title: "a", extra: ([range(50000) | {key: "k\(.)", value: 1}] | from_entries)}' >"$dir/object"
  printf '{"title": "a", description}' >"$dir/malformed"
  printf '{"description":%s}' "$(nested 40)" >"$dir/d40"
  local refusals=(
    "d33|$API/milestones|application/json|Parameters nested too deeply"
    "d100|$API/milestones|application/json|Parameters nested too deeply"
    "d3000|$API/milestones|application/json|Parameters nested too deeply"
    "d3000|$API/milestones||Parameters nested too deeply"
    "token|$API/access_tokens|application/json|Parameters nested too deeply"
    "array|$API/milestones|application/json|Array parameter too large"
    "object|$API/milestones|application/json|Too many total parameters"
    "malformed|$API/milestones|application/json|Invalid JSON format"
    "malformed|$API/milestones||Invalid JSON format"
  )
  local row file path type message
  for row in "${refusals[@]}"; do
    IFS='|' read -r file path type message <<<"$row"
    # `Content-Type:` with no value: curl sends none.
    api POST "$path" "$MARIA" -H "Content-Type:${type:+ $type}" --data-binary "@$dir/$file"
    check "$file to $path (${type:-no content type})" "$STATUS $BODY" "400 {\"error\":\"$message\"}"
  done
  api GET "$API/milestones/1" "$MARIA" -H 'Content-Type: application/json' --data-binary "@$dir/d40"
  check 'a GET carrying a 40-deep body' "$STATUS $BODY" '400 {"error":"Parameters nested too deeply"}'
  api PUT "$API/milestones/1" "$MARIA" -H 'Content-Type: application/json' --data-binary "@$dir/d40"
  check 'a PUT carrying a 40-deep body' "$STATUS $BODY" '400 {"error":"Parameters nested too deeply"}'
  api GET "$API/milestones" "$MARIA"
  check 'nothing was created' "$STATUS $(json length)" '200 4'
  check 'the journal names the limit' \
    "$(curl -s "$GITLAB_URL/__mock/requests" | jq -c '[.[] | select(.status == 400) | .reason | sub(" at line .*"; "")] | unique')" \
    '["malformed JSON","over the JSON limit max_array_size","over the JSON limit max_depth","over the JSON limit max_total_elements"]'
  rm -rf "$dir"
}

echo 'curl against gitlab-admin-mock'
journal_stream() {
  local i
  for i in 1 2 3; do api GET "$API/milestones" "$MARIA"; done
  # The inspector's live journal: Server-Sent Events, resumed after the last id the reader saw.
  check 'the stream resumes after Last-Event-ID' \
    "$(curl -sN -m 2 -H 'Last-Event-ID: 1' "$GITLAB_URL/__mock/requests/stream" | grep '^id:' | tr '\n' ' ' || true)" \
    'id: 2 id: 3 '
  check 'an event is the journal entry' \
    "$(curl -sN -m 2 -H 'Last-Event-ID: 2' "$GITLAB_URL/__mock/requests/stream" | sed -n 's/^data: //p' | jq -c '{seq, method, status, user}' || true)" \
    '{"seq":3,"method":"GET","status":200,"user":"maria"}'

  # A reader that never reads: the server keeps a bounded queue for it and counts what it drops.
  local hostport=${GITLAB_MOCK_URL#http://} body
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}"
  printf 'GET %s/__mock/requests/stream HTTP/1.1\r\nHost: %s\r\n\r\n' "${GITLAB_URL#"$GITLAB_MOCK_URL"}" "$hostport" >&3
  body=$(jq -nc '[range(100) | {key: "k\(.)", value: ("x" * 1000)}] | from_entries')
  # Until the socket's buffers are full and the server starts dropping (how much they hold depends
  # on the machine), in rounds of 100 requests, at most 20 of them.
  local round
  for round in $(seq 20); do
    for i in $(seq 100); do
      curl -s -o /dev/null -H "PRIVATE-TOKEN: $MARIA" -H 'Content-Type: application/json' -d "$body" \
        "$GITLAB_URL/api/v4$API/milestones"
    done
    sleep 0.2 # the stream writes in batches every 50 ms
    [[ $(curl -s "$GITLAB_URL/__mock/requests/streams" | jq 'map(.missed) | add // 0') == 0 ]] || break
  done
  check 'a stuck reader: at most 256 entries queued, the rest counted as missed' \
    "$(curl -s "$GITLAB_URL/__mock/requests/streams" | jq -c 'map(.queued <= 256 and .missed > 0)')" '[true]'
  check 'the API still answers' "$(curl -s -o /dev/null -w '%{http_code}' -H "PRIVATE-TOKEN: $MARIA" "$GITLAB_URL/api/v4$API/milestones")" 200
  exec 3>&-
}

scenario 'project milestones' milestones demo
scenario 'errors' errors demo
scenario 'project access tokens' access_tokens demo
scenario 'OAuth applications' applications demo
scenario 'SCIM identities' scim demo
scenario 'merge request approvals and rules' approvals demo
scenario 'approval settings' approval_settings demo
scenario 'members of groups and projects' members demo
scenario 'faults and rate limits (/__mock)' faults_and_rate_limits demo
scenario 'JSON request limits' json_limits demo
scenario 'a seed document (world.json)' seed_document world.json
scenario 'the journal stream (/__mock/requests/stream)' journal_stream demo
if ((FAILURES > 0)); then
  echo "curl: $FAILURES check(s) failed" >&2
  exit 1
fi
