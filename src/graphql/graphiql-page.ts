import type { Router } from 'express';
import { assetPageRouter, CSS, JS } from '../http/asset-page';

/** The offline GraphQL IDE (README, "Call it"): GraphiQL from npm, served by the service itself. */
export const GRAPHIQL_PATH = '/graphiql';

/**
 * The page's own script: a sign-in bar over GraphiQL. It signs in with POST /api/auth/login (the session cookie,
 * same origin), so every query GraphiQL sends runs as that member; GraphiQL's fetcher posts JSON to /graphql with
 * the browser's default same-origin credentials, and runs subscriptions over graphql-ws on the same path (its
 * browser bundle from npm: the WebSocket carries the same cookie).
 */
const INIT = `(function () {
  var bar = document.getElementById('signin');
  var who = document.getElementById('who');
  var form = document.getElementById('signin-form');
  function show(user) {
    who.textContent = user ? 'Signed in as ' + user.email + ' (' + user.role + ')' : 'Not signed in';
    form.style.display = user ? 'none' : 'inline';
    document.getElementById('signout').style.display = user ? 'inline' : 'none';
  }
  function me() {
    return fetch('/api/auth/me').then(function (r) { return r.ok ? r.json() : null; })
      .then(function (b) { show(b && (b.user || b)); }, function () { show(null); });
  }
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: form.email.value, password: form.password.value }),
    }).then(function (r) { return r.json().then(function (b) {
      if (!r.ok) { who.textContent = (b.error && b.error.message) || 'Sign-in refused'; return; }
      show(b.user);
    }); });
  });
  document.getElementById('signout').addEventListener('click', function () {
    fetch('/api/auth/logout', { method: 'POST' }).then(function () { show(null); });
  });
  me();
  // Subscriptions: graphql-ws on the same path, over a WebSocket that carries the same session cookie.
  var socketUrl = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql';
  var fetcher = GraphiQL.createFetcher({ url: '/graphql', wsClient: graphqlWs.createClient({ url: socketUrl }) });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true,
      defaultQuery: '# Sign in above, then press the play button (Ctrl-Enter).\\n' +
        'query Me {\\n  me { user { email role } organization { name } }\\n}\\n' })
  );
})();
`;

const body = (email: string) => `  <style>
    body { margin: 0; height: 100vh; display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
    #signin { padding: 6px 12px; border-bottom: 1px solid #ddd; font-size: 14px; display: flex; gap: 12px; align-items: center; }
    #signin input { font-size: 13px; }
    #graphiql { flex: 1; min-height: 0; }
  </style>
  <div id="signin">
    <strong>Equipment-rental CRM · GraphQL</strong>
    <span id="who">…</span>
    <form id="signin-form" style="display:none">
      <input name="email" type="email" value="${email.replace(/[&<"]/g, '')}" aria-label="email" size="24">
      <input name="password" type="password" placeholder="password" aria-label="password" size="14">
      <button type="submit">Sign in</button>
    </form>
    <button id="signout" style="display:none">Sign out</button>
  </div>
  <div id="graphiql"></div>`;

/**
 * GET /graphiql: GraphiQL 3's browser bundle with React 18's UMD builds, all from node_modules. `signInEmail` fills
 * the sign-in form (the demo admin's address when the demo is seeded).
 */
export function graphiqlRouter(signInEmail = ''): Router {
  return assetPageRouter({
    path: GRAPHIQL_PATH,
    title: 'Equipment-rental CRM: GraphiQL',
    assets: {
      'react.js': { from: 'react', file: 'umd/react.production.min.js', type: JS },
      'react-dom.js': { from: 'react-dom', file: 'umd/react-dom.production.min.js', type: JS },
      'graphiql.js': { from: 'graphiql', file: 'graphiql.min.js', type: JS },
      'graphiql.css': { from: 'graphiql', file: 'graphiql.min.css', type: CSS },
      'graphql-ws.js': { from: 'graphql-ws', file: 'umd/graphql-ws.min.js', type: JS },
    },
    styles: ['graphiql.css'],
    scripts: ['react.js', 'react-dom.js', 'graphiql.js', 'graphql-ws.js'],
    body: body(signInEmail),
    init: INIT,
  });
}
