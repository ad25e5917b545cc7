import { ROLE_NAMES } from '../world/types.js';

/**
 * The inspector page's one script (served as `/__mock/inspector/inspector.js`), plain browser
 * JavaScript kept as text so it ships inside the package's own bundle and works offline. It reads
 * only the admin routes and `GET /__mock/state`, sends the admin token from `sessionStorage` as
 * `X-Mock-Admin-Token`, and puts every string of the world in the page as text (`textContent`,
 * never HTML). No backticks in it: it lives in a template literal, which puts the mock's role names
 * in it as a table.
 * @module
 */
export const INSPECTOR_SCRIPT = String.raw`'use strict';
(function () {
  var match = /^\/worlds\/([^/]+)/.exec(location.pathname);
  var base = match ? '/worlds/' + match[1] : '';
  var worldName = match ? decodeURIComponent(match[1]) : '';
  var state = null;
  var entries = [];
  var lastSeq = 0;
  var streamAbort = null;
  var $ = function (id) { return document.getElementById(id); };

  function el(tag, attrs) {
    var node = document.createElement(tag);
    if (attrs) for (var key in attrs) {
      if (key === 'text') node.textContent = attrs[key];
      else if (key === 'on') for (var type in attrs.on) node.addEventListener(type, attrs.on[type]);
      else node.setAttribute(key, attrs[key]);
    }
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return node;
  }
  function fill(id) {
    var node = $(id);
    node.replaceChildren.apply(node, Array.prototype.slice.call(arguments, 1));
    return node;
  }
  function headers(extra) {
    var h = extra || {};
    var token = sessionStorage.getItem('gitlab-mock-admin-token');
    if (token) h['X-Mock-Admin-Token'] = token;
    return h;
  }
  function say(text) { $('status').textContent = text; }

  function admin(method, path, body) {
    var init = { method: method, headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    return fetch(base + '/__mock/' + path, init).then(function (response) {
      if (response.status === 401 || response.status === 403) {
        signIn(response.status);
        throw new Error('admin token refused');
      }
      if (response.status === 204) return null;
      return response.json().then(function (json) {
        if (!response.ok) throw new Error((json && (json.error || json.message)) || response.statusText);
        return json;
      });
    });
  }

  function signIn(status) {
    $('main').hidden = true;
    $('login').hidden = false;
    $('login-error').textContent = status === 401 && sessionStorage.getItem('gitlab-mock-admin-token')
      ? 'That admin token was refused (401).'
      : status === 403 ? 'This server has no admin token: start it with --admin-token.' : '';
    if (streamAbort) streamAbort.abort();
  }

  function today() { return state ? state.now.slice(0, 10) : ''; }
  function expired(date) { return Boolean(date) && date <= today(); }
  var ROLE_NAMES = ${JSON.stringify({ 0: 'No access', 5: 'Minimal access', ...ROLE_NAMES })};
  function roleName(level) {
    return ROLE_NAMES[level] || String(level);
  }
  function levelOf(member) { return typeof member === 'number' ? member : member.access_level; }
  function copyButton(value) {
    return el('button', { type: 'button', class: 'copy', title: 'Copy the token', on: { click: function () {
      navigator.clipboard.writeText(value).then(function () { say('Token copied.'); }, function () { say('Copy refused by the browser.'); });
    } } }, 'copy');
  }
  function tokenRow(token, value) {
    var flags = [];
    if (token.revoked) flags.push('revoked');
    if (rotated[token.id]) flags.push('rotated');
    if (expired(token.expires_at)) flags.push('expired');
    var live = flags.length === 0;
    return el('li', { class: live ? 'token' : 'token dead' },
      el('b', { text: token.name || 'token' }), ' ', token.id ? el('span', { class: 'muted', text: '#' + token.id }) : null, ' ',
      el('span', { class: 'scopes', text: (token.scopes || []).join(' ') }), ' ',
      el('span', { text: token.expires_at ? 'expires ' + token.expires_at : 'no expiry' }), ' ',
      token.rotated_from ? el('span', { class: 'muted', text: 'rotated from token ' + token.rotated_from }) : null,
      flags.length ? el('span', { class: 'flag', text: flags.join(', ') }) : null,
      live && value ? copyButton(value) : null);
  }

  function renderHeader() {
    $('clock').textContent = 'clock ' + state.now.slice(0, 16).replace('T', ' ') + ' UTC';
    showCount();
    Promise.all([admin('GET', 'faults'), admin('GET', 'rate_limits')]).then(function (both) {
      var faults = both[0].map(function (f) { return 'fault #' + f.id + ' ' + (f.method || '') + ' ' + (f.path || '*') + ' → ' + (f.drop ? 'drop' : f.status || 'delay'); });
      var limits = Object.keys(both[1]).map(function (name) { return name + ' ' + both[1][name].requests_per_period + '/' + both[1][name].period_in_seconds + 's'; });
      $('misbehaving').textContent = faults.concat(limits).join('; ') || 'no faults, no rate limits';
    }, function () {});
  }

  /** Access token ids that were rotated (a later token of their family names them in rotated_from). */
  var rotated = {};
  function renderUsers() {
    rotated = {};
    (state.projects || []).concat(state.groups || []).forEach(function (owner) {
      (owner.access_tokens || []).forEach(function (token) { if (token.rotated_from) rotated[token.rotated_from] = true; });
    });
    var tokensOf = {};
    (state.projects || []).concat(state.groups || []).forEach(function (owner) {
      (owner.access_tokens || []).forEach(function (token) {
        (tokensOf[token.user] = tokensOf[token.user] || []).push(token);
      });
    });
    var rows = (state.users || []).map(function (user) {
      var flags = [user.admin ? 'admin' : '', user.state !== 'active' ? user.state : '', user.bot ? 'bot' : ''].filter(Boolean);
      return el('tr', { 'data-user': user.username },
        el('td', null, el('b', { text: user.username }), el('div', { class: 'muted', text: user.name })),
        el('td', null, flags.map(function (f) { return el('span', { class: 'flag', text: f }); }).reduce(function (a, b) { a.append(b, ' '); return a; }, document.createDocumentFragment())),
        el('td', null, el('ul', { class: 'plain' })));
    });
    rows.forEach(function (row, i) {
      var user = state.users[i];
      var list = row.querySelector('ul');
      if (user.personal_token) list.append(tokenRow(Object.assign({ scopes: user.scopes }, user.personal_token), user.token));
      (tokensOf[user.username] || []).forEach(function (token) { list.append(tokenRow(token, token.token)); });
    });
    fill('users', el('table', null, el('thead', null, el('tr', null, el('th', { text: 'User' }), el('th', { text: '' }), el('th', { text: 'Tokens' }))), el('tbody', null, rows.length ? fragment(rows) : '')));
    var apps = (state.applications || []).map(function (app) {
      return el('li', null, el('b', { text: app.name }), ' ', el('span', { class: 'muted', text: app.redirect_uri }), ' ', el('span', { class: 'scopes', text: app.scopes }));
    });
    var scim = (state.scim_identities || []).map(function (id) {
      return el('li', null, el('b', { text: id.user }), ' in ', id.group, ' ', el('span', { class: 'muted', text: id.extern_uid }), id.active ? '' : el('span', { class: 'flag', text: 'inactive' }));
    });
    fill('apps', el('h3', { text: 'OAuth applications' }), el('ul', { class: 'plain' }, fragment(apps)), el('h3', { text: 'SCIM identities' }), el('ul', { class: 'plain' }, fragment(scim)));
  }
  function fragment(nodes) {
    var f = document.createDocumentFragment();
    nodes.forEach(function (n) { f.append(n); });
    return f;
  }

  function membersList(members, inherited) {
    var items = Object.keys(members || {}).map(function (name) {
      return el('li', null, name + ' ', el('span', { class: 'muted', text: roleName(levelOf(members[name])) }));
    });
    inherited.forEach(function (pair) {
      items.push(el('li', { class: 'inherited' }, pair[0] + ' ', el('span', { class: 'muted', text: roleName(pair[1]) + ' (inherited from ' + pair[2] + ')' })));
    });
    return el('ul', { class: 'members' }, fragment(items));
  }
  function inheritedFor(path, own) {
    var found = [];
    (state.groups || []).forEach(function (group) {
      if (path.indexOf(group.path + '/') !== 0) return;
      Object.keys(group.members || {}).forEach(function (name) {
        if (!(name in own)) found.push([name, levelOf(group.members[name]), group.path]);
      });
    });
    return found;
  }
  function renderTree() {
    var items = [];
    var all = (state.groups || []).map(function (g) { return { kind: 'group', it: g }; })
      .concat((state.projects || []).map(function (p) { return { kind: 'project', it: p }; }));
    all.sort(function (a, b) { return a.it.path < b.it.path ? -1 : a.it.path > b.it.path ? 1 : 0; });
    all.forEach(function (node) {
      var depth = node.it.path.split('/').length - 1;
      var details = el('details', { class: node.kind },
        el('summary', null, el('span', { class: 'kind', text: node.kind }), ' ', el('b', { text: node.it.path }), ' ', el('span', { class: 'muted', text: node.it.visibility || '' })),
        membersList(node.it.members, inheritedFor(node.it.path, node.it.members || {})));
      details.style.setProperty('--depth', String(depth));
      items.push(details);
    });
    fill('tree', fragment(items));
    var select = $('project');
    var chosen = select.value;
    select.replaceChildren(fragment((state.projects || []).map(function (p) { return el('option', { value: p.path, text: p.path }); })));
    if (chosen && (state.projects || []).some(function (p) { return p.path === chosen; })) select.value = chosen;
  }

  /** Whether an issue was open at time t: created by then, and its last close or reopen event before t was not a close. */
  function openAt(issue, t) {
    if (Date.parse(issue.created_at) > t) return false;
    var events = (issue.events || (issue.closed_at ? [{ action: 'closed', at: issue.closed_at }] : [])).slice();
    events.sort(function (a, b) { return Date.parse(a.at) - Date.parse(b.at); });
    var open = true;
    events.forEach(function (event) {
      if (Date.parse(event.at) <= t) open = event.action !== 'closed';
    });
    return open;
  }
  /** A milestone's burndown: open issues over its days, with its axes, first and last dates and labels. */
  function burndown(milestone, issues) {
    var NS = 'http://www.w3.org/2000/svg';
    var start = Date.parse(milestone.start_date || milestone.created_at);
    var end = Date.parse(milestone.due_date || state.now);
    var svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 280 120');
    svg.setAttribute('class', 'burndown');
    svg.setAttribute('role', 'img');
    function add(tag, attrs, text) {
      var node = document.createElementNS(NS, tag);
      for (var key in attrs) node.setAttribute(key, attrs[key]);
      if (text !== undefined) node.textContent = text;
      svg.append(node);
      return node;
    }
    var left = 36, right = 270, top = 14, bottom = 88;
    var title = 'Open issues of ' + milestone.title + ' from ' + (milestone.start_date || 'its creation') + ' to ' + (milestone.due_date || 'today');
    add('title', {}, title);
    add('text', { x: String(left), y: '10', class: 'label' }, 'open issues');
    add('line', { x1: String(left), y1: String(top), x2: String(left), y2: String(bottom), class: 'axis' });
    add('line', { x1: String(left), y1: String(bottom), x2: String(right), y2: String(bottom), class: 'axis' });
    if (!(end > start) || issues.length === 0) {
      add('text', { x: String(left + 8), y: String((top + bottom) / 2), class: 'label' }, issues.length === 0 ? 'no issues' : 'no dates');
      return svg;
    }
    var y = function (open) { return bottom - ((bottom - top) * open) / issues.length; };
    add('text', { x: String(left - 4), y: String(y(issues.length) + 3), class: 'tick', 'text-anchor': 'end' }, String(issues.length));
    add('text', { x: String(left - 4), y: String(bottom + 3), class: 'tick', 'text-anchor': 'end' }, '0');
    var day = function (t) { return new Date(t).toISOString().slice(0, 10); };
    add('text', { x: String(left), y: String(bottom + 14), class: 'tick' }, day(start));
    add('text', { x: String(right), y: String(bottom + 14), class: 'tick', 'text-anchor': 'end' }, day(end));
    add('text', { x: String((left + right) / 2), y: String(bottom + 28), class: 'label', 'text-anchor': 'middle' }, 'days (mock clock; today ' + today() + ')');
    var points = [];
    var steps = 20;
    for (var i = 0; i <= steps; i++) {
      var t = start + ((end - start) * i) / steps;
      if (t > Date.parse(state.now)) break;
      var open = issues.filter(function (issue) { return openAt(issue, t); }).length;
      points.push((left + ((right - left) * i) / steps) + ',' + y(open));
    }
    add('polyline', { points: points.join(' ') });
    return svg;
  }

  /** Who did what to a merge request: merged by its merger, never by its author. */
  function mrState(mr) {
    if (mr.state === 'merged') return 'merged' + (mr.merged_by ? ' by ' + mr.merged_by : '') + ', authored by ' + mr.author;
    return mr.state + ', authored by ' + mr.author;
  }
  function approvalClass(mr) { return mr.state === 'opened' ? (mr.approved ? 'approved' : 'pending') : 'muted'; }
  /** A closed or merged merge request needs no more approvals: only an open one is waiting. */
  function approvalText(mr) {
    var given = mr.approvals_required - mr.approvals_left;
    if (mr.state === 'closed') return 'Closed without merging: no approvals pending';
    if (mr.state === 'merged') return 'Merged with ' + given + ' of ' + mr.approvals_required + ' approvals';
    return mr.approved ? 'Approved' : mr.approvals_left + ' of ' + mr.approvals_required + ' approvals still needed';
  }

  function renderProject() {
    var path = $('project').value;
    var project = (state.projects || []).find(function (p) { return p.path === path; });
    if (!project) { fill('project-detail'); return; }
    var issues = project.issues || [];
    var mrs = project.merge_requests || [];
    var milestones = (project.milestones || []).map(function (m) {
      var mine = issues.filter(function (i) { return i.milestone === m.title; });
      var closed = mine.filter(function (i) { return i.closed_at; }).length;
      var mineMrs = mrs.filter(function (r) { return r.milestone === m.title; });
      return el('li', { class: 'milestone' },
        el('b', { class: 'title', text: m.title }), ' ',
        el('span', { class: 'muted', text: m.state + ' ' + (m.start_date || '…') + ' → ' + (m.due_date || '…') }), ' ',
        el('span', { text: closed + '/' + mine.length + ' issues closed, ' + mineMrs.filter(function (r) { return r.state !== 'opened'; }).length + '/' + mineMrs.length + ' merge requests done' }),
        el('progress', { max: String(mine.length || 1), value: String(closed) }),
        m.description ? el('div', { class: 'muted description', text: m.description }) : null,
        burndown(m, mine));
    });
    var tokens = (project.access_tokens || []).map(function (t) { return tokenRow(t, t.token); });
    fill('project-detail',
      el('h3', { text: 'Milestones' }), el('ul', { class: 'plain', id: 'milestones' }, fragment(milestones)),
      el('h3', { text: 'Merge requests' }), el('div', { id: 'merge-requests', text: 'Loading…' }),
      el('h3', { text: 'Access tokens' }), el('ul', { class: 'plain' }, fragment(tokens)));
    admin('GET', 'projects/' + encodeURIComponent(path) + '/merge_requests').then(function (list) {
      if ($('project').value !== path) return;
      fill('merge-requests', fragment(list.map(function (mr) {
        return el('div', { class: 'mr', 'data-iid': String(mr.iid) },
          el('div', null, el('b', { text: '!' + mr.iid + ' ' + mr.title }), ' ', el('span', { class: 'muted', text: mrState(mr) + ', ' + mr.source_branch + ' → ' + mr.target_branch })),
          el('div', { class: approvalClass(mr), text: approvalText(mr) }),
          mr.approved_by.length ? el('div', { text: 'Approved by ' + mr.approved_by.join(', ') }) : null,
          el('ul', { class: 'plain rules' }, fragment(mr.rules.map(function (rule) {
            return el('li', null, el('b', { text: rule.name }), ' ', el('span', { class: 'muted', text: rule.rule_type + ', ' + rule.level }), ' ',
              (rule.approvals_required - rule.approvals_left) + '/' + rule.approvals_required,
              rule.invalid ? el('span', { class: 'flag', text: 'invalid' }) : null,
              rule.approved_by.length ? ' by ' + rule.approved_by.join(', ') : '');
          }))),
          mr.state !== 'opened' ? null : el('ul', { class: 'plain why' }, fragment(mr.cannot_approve.map(function (why) { return el('li', { class: 'muted', text: why.reason }); }))));
      })));
    }, function (error) { say(error.message); });
  }

  function matches(entry) {
    var status = $('f-status').value;
    var user = $('f-user').value.trim();
    var path = $('f-path').value.trim();
    if (status && String(entry.status)[0] !== status) return false;
    if (user && (entry.user || '') !== user) return false;
    if (path && entry.path.indexOf(path) < 0) return false;
    return true;
  }
  /** The time a request arrived, on this machine's clock, as the browser shows times. */
  function wallTime(entry) {
    var t = Date.parse(entry.received_at || entry.at);
    return new Date(t).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
  }
  /** The detail of a request: what it was, its headers, and its answer's body formatted, a long one folded. */
  function showExchange(exchange) {
    var response = exchange.response || { status: exchange.status, headers: {}, body: null };
    var summary = {};
    Object.keys(exchange).forEach(function (key) { if (key !== 'request_headers' && key !== 'response') summary[key] = exchange[key]; });
    var body = response.body;
    var pretty = body;
    if (body) { try { pretty = JSON.stringify(JSON.parse(body), null, 2); } catch (e) { pretty = body; } }
    var lines = pretty ? pretty.split('\n') : [];
    var bodyNode = !pretty ? el('p', { class: 'muted', text: 'no body' })
      : lines.length > 40 ? el('details', { class: 'body' }, el('summary', { text: 'Body, ' + lines.length + ' lines (' + body.length + ' characters)' }), el('pre', { text: pretty }))
      : el('pre', { class: 'body', text: pretty });
    fill('entry',
      el('h3', { text: exchange.method + ' ' + exchange.path + ' → ' + response.status }),
      el('pre', { text: JSON.stringify(summary, null, 2) }),
      exchange.request_headers ? el('details', null, el('summary', { text: 'Request headers' }), el('pre', { text: JSON.stringify(exchange.request_headers, null, 2) })) : null,
      el('details', null, el('summary', { text: 'Response headers' }), el('pre', { text: JSON.stringify(response.headers || {}, null, 2) })),
      el('h3', { text: 'Response body' }), bodyNode);
  }

  function journalRow(entry) {
    var row = el('tr', { class: entry.status >= 400 ? 'refused' : '', 'data-seq': String(entry.seq), tabindex: '0' },
      el('td', { text: entry.method }), el('td', { class: 'path', text: entry.path }), el('td', { text: String(entry.status) }),
      el('td', { text: entry.webhook ? entry.webhook.event : entry.user || '' }), el('td', { class: 'reason', text: entry.reason || '' }),
      el('td', { class: 'time', title: 'arrived ' + (entry.received_at || '') + '; the mock’s clock said ' + entry.at },
        wallTime(entry), el('span', { class: 'muted', text: ' mock ' + entry.at.slice(0, 16).replace('T', ' ') })));
    row.hidden = !matches(entry);
    row.addEventListener('click', function () {
      showExchange(entry);
      // The request's headers and the answer, while the journal keeps them (secrets redacted by the server).
      admin('GET', 'requests/' + entry.seq).then(showExchange, function () { /* gone from the journal: the entry alone */ });
    });
    return row;
  }
  function addEntry(entry) {
    entries.push(entry);
    if (entries.length > 1000) { entries.shift(); var last = $('journal-rows').lastElementChild; if (last) last.remove(); }
    lastSeq = Math.max(lastSeq, entry.seq);
    $('journal-rows').prepend(journalRow(entry));
    showCount();
  }
  function refilter() {
    var rows = $('journal-rows').children;
    for (var i = 0; i < rows.length; i++) {
      var seq = Number(rows[i].getAttribute('data-seq'));
      var entry = entries.find(function (e) { return e.seq === seq; });
      rows[i].hidden = !entry || !matches(entry);
    }
  }

  var stateTimer = null;
  function refreshSoon() {
    if (stateTimer) return;
    stateTimer = setTimeout(function () { stateTimer = null; loadState(); }, 300);
  }

  /** The journal's events, read with fetch (EventSource cannot send the admin token), resumed with Last-Event-ID. */
  function stream() {
    if (streamAbort) streamAbort.abort();
    var controller = new AbortController();
    streamAbort = controller;
    var extra = lastSeq > 0 ? { 'Last-Event-ID': String(lastSeq) } : {};
    fetch(base + '/__mock/requests/stream', { headers: headers(extra), signal: controller.signal }).then(function (response) {
      if (!response.ok) { signIn(response.status); return; }
      var reader = response.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function read() {
        return reader.read().then(function (chunk) {
          if (chunk.done) throw new Error('stream ended');
          buffer += decoder.decode(chunk.value, { stream: true });
          var parts = buffer.split('\n\n');
          buffer = parts.pop();
          parts.forEach(function (part) {
            var type = 'message';
            var data = '';
            part.split('\n').forEach(function (line) {
              if (line.indexOf('event: ') === 0) type = line.slice(7);
              else if (line.indexOf('data: ') === 0) data += line.slice(6);
            });
            if (type === 'request') { addEntry(JSON.parse(data)); refreshSoon(); }
            else if (type === 'missed') say(JSON.parse(data).missed + ' requests missed: the page could not keep up.');
            else if (type === 'cleared') { entries = []; fill('journal-rows'); refreshSoon(); }
          });
          return read();
        });
      }
      return read();
    }).catch(function () {
      if (!controller.signal.aborted) setTimeout(stream, 1000);
    });
  }

  function loadState() {
    return admin('GET', 'state').then(function (doc) {
      state = doc;
      $('login').hidden = true;
      $('main').hidden = false;
      renderHeader();
      renderUsers();
      renderTree();
      renderProject();
    });
  }
  /** The world's request count, in the header and in the world menu's entry for the world shown. */
  function showCount() {
    $('count').textContent = lastSeq + ' requests';
    var option = $('world').querySelector('option[value="' + (base ? worldName : '') + '"]');
    if (option && state) option.textContent = (base ? worldName : '(default world)') + ' (' + lastSeq + ' requests, clock ' + state.now.slice(0, 16).replace('T', ' ') + ')';
  }
  function loadWorlds() {
    if (base) { fill('world', el('option', { value: worldName, text: worldName })); showCount(); return Promise.resolve(); }
    return admin('GET', 'worlds').then(function (worlds) {
      fill('world', el('option', { value: '', text: '(default world)' }),
        fragment(worlds.map(function (w) { return el('option', { value: w.name, text: w.name + ' (' + w.requests + ' requests, clock ' + String(w.now || '').slice(0, 16).replace('T', ' ') + ')' }); })));
      showCount();
    });
  }

  function action(promise, done) {
    promise.then(function () { say(done); return loadState(); }, function (error) { say(error.message); });
  }

  function start() {
    loadState().then(function () {
      loadWorlds().catch(function () {});
      stream();
    }, function () {});
  }

  document.addEventListener('DOMContentLoaded', function () {
    $('login').addEventListener('submit', function (event) {
      event.preventDefault();
      sessionStorage.setItem('gitlab-mock-admin-token', $('token').value);
      $('token').value = '';
      start();
    });
    $('world').addEventListener('change', function () {
      var name = $('world').value;
      location.assign(name ? '/worlds/' + encodeURIComponent(name) + '/' : '/');
    });
    $('project').addEventListener('change', renderProject);
    ['f-status', 'f-user', 'f-path'].forEach(function (id) { $(id).addEventListener('input', refilter); });
    $('reset').addEventListener('click', function () { action(admin('POST', 'reset'), 'World reset.'); });
    $('advance').addEventListener('click', function () {
      action(admin('POST', 'clock/advance', { days: Number($('days').value) || 1 }), 'Clock moved.');
    });
    $('fault-add').addEventListener('click', function () {
      action(admin('POST', 'faults', { path: $('fault-path').value, status: Number($('fault-status').value) }), 'Fault set.');
    });
    $('fault-clear').addEventListener('click', function () { action(admin('DELETE', 'faults'), 'Faults cleared.'); });
    $('limit-set').addEventListener('click', function () {
      var limit = { requests_per_period: Number($('limit').value), period_in_seconds: 60 };
      action(admin('PUT', 'rate_limits', { authenticated_api: limit, unauthenticated_api: limit }), 'Rate limit set.');
    });
    $('limit-clear').addEventListener('click', function () { action(admin('PUT', 'rate_limits', {}), 'Rate limits cleared.'); });
    $('download').addEventListener('click', function () {
      admin('GET', 'state').then(function (doc) {
        var link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' })), download: (worldName || 'world') + '.json' });
        document.body.append(link);
        link.click();
        link.remove();
      }, function (error) { say(error.message); });
    });
    $('load').addEventListener('change', function () {
      var file = $('load').files[0];
      if (!file) return;
      file.text().then(function (text) {
        action(admin('PUT', 'state', text), 'State loaded from ' + file.name + '.');
        $('load').value = '';
      });
    });
    start();
  });
})();
`;
