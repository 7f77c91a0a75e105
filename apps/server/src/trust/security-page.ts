import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  TWO_FACTOR_REMEMBER_DAYS,
} from '@playshop/shared';
import { html, type Raw } from '../http/html';
import { page } from './html';

export interface SecurityPageFacts {
  /** RFC 9116 contact URIs (SECURITY_CONTACT); empty when the operator set none. */
  contacts: string[];
  auditRetentionDays: number;
}

/** A contact as a link a person can follow: the address of a mailto:, the number of a tel:. */
function contactLink(uri: string): Raw {
  const shown = uri.replace(/^(mailto|tel):/i, '');
  return html`<a href="${uri}">${shown}</a>`;
}

/** Each kind of data: what it is, where it lives, how long it stays, who reads it. */
function storedRows(facts: SecurityPageFacts) {
  return [
    [
      'Staff accounts: name, email, role, organization, language; the password only as an argon2id hash',
      'Database',
      'Until an admin deletes the account or the super admin erases the organization',
      'The organization’s admins; the super admin; the person themselves',
    ],
    [
      'Players: first and last name, username, organization; guests: the nickname they chose',
      'Database',
      'Until an admin deletes or erases the player (the name becomes “Erased player”, game figures stay anonymized), removes a room’s guests, or the organization is erased',
      'The organization’s admins and facilitators; the super admin',
    ],
    [
      'Games: each game’s event log (who joined, cards, rolled balls, marks, answers to questions and how long they took, winners) and the Insights figures drawn from it',
      'Database',
      'As long as the organization chooses in Settings › Retention (3, 6, 12 or 24 months, or for ever, the default): older games lose their event log and answers at a daily run, and only Insights’ counts stay; everything goes when the room or the organization is deleted',
      'The organization’s admins (every game), facilitators (the games they ran), the super admin; a player sees their own card and games',
    ],
    [
      'Content, workshops, the materials library, images, organization logos',
      'Database; files on the server’s disk or in an S3-compatible bucket the operator runs',
      'Until deleted; images uploaded in a form that was never saved are removed after a day',
      'Written by the super admin; read by staff as their role allows (workshops and materials: those linked to their organization)',
    ],
    [
      'Audit log: every change an admin, the super admin or the organization’s directory (SCIM) makes, every export and erasure, every staff sign-in and refused sign-in, every session signed out under “Where you’re signed in” or by an admin, with who, what, when and the client’s network address',
      'Database (append-only: no one can edit or delete an entry)',
      `${facts.auditRetentionDays} days (the operator’s AUDIT_RETENTION_DAYS), or less if the organization chooses in Settings › Retention, then removed by a purge checked every hour`,
      'The organization’s admins (their organization’s entries); the super admin (all)',
    ],
    [
      `Sign-in sessions: each sign-in’s way (password, password and two-factor code, single sign-on, player, guest), device (the browser’s own description), network address, when it began and was last seen, and when and why it ended; refresh tokens only as SHA-256 hashes (valid ${REFRESH_TOKEN_TTL_DAYS} days, renewed on use); access tokens are not stored and last ${ACCESS_TOKEN_TTL_SECONDS / 60} minutes; password reset links only as hashes (valid ${RESET_TOKEN_TTL_MINUTES} minutes)`,
      'Database; the refresh token in an httpOnly cookie of the browser',
      `A session lasts until it expires, the person signs out, or a rule ends it (a password reset, a new role, deletion, an admin’s sign-out, the directory deactivating the account); its record is removed 30 days after it ended, or ${REFRESH_TOKEN_TTL_DAYS + 1} days after it was last seen`,
      'A staff member, their own sessions (under “Where you’re signed in”); no one reads the tokens: the server compares hashes',
    ],
    [
      'Two-factor sign-in: the authenticator secret, encrypted (AES-256-GCM); recovery codes only as SHA-256 hashes. Single sign-on: the OpenID Connect provider’s client secret and the organization’s SAML signing key, encrypted. Provisioning: the organization’s SCIM token only as a SHA-256 hash',
      'Database',
      'Until two-factor is turned off or the OpenID Connect settings are changed; the SAML key as long as the organization; the SCIM token until it is replaced or revoked',
      'No one through the product: the secrets are never shown again after setup',
    ],
    [
      'Mail (password resets)',
      'Sent through the operator’s mail server; without one, written to a folder on the server',
      'The folder’s files stay until the operator deletes them',
      'The operator',
    ],
    [
      'Server logs: each request’s method and path; passwords, tokens, secrets and cookies are removed before a line is written',
      'The server’s standard output, collected by the operator',
      'As long as the operator keeps its logs',
      'The operator',
    ],
    [
      `In the browser: the refresh cookie; “remember this device” for two-factor (${TWO_FACTOR_REMEMBER_DAYS} days); the last organization typed on the player login; the presenter’s sound and auto-mark switches`,
      'The person’s browser',
      'Until they expire or the browser’s data is cleared',
      'The person using that browser',
    ],
  ];
}

export function securityPage(facts: SecurityPageFacts): string {
  const rows = storedRows(facts).map(
    ([what, where, howLong, who]) =>
      html`<tr><th scope="row">${what}</th><td>${where}</td><td>${howLong}</td><td>${who}</td></tr>`,
  );
  const contacts = facts.contacts;
  const report =
    contacts.length > 0
      ? html`<p>Report a vulnerability to ${contacts.length === 1 ? 'this address' : 'one of these addresses'}:</p>
<ul>${contacts.map((c) => html`<li>${contactLink(c)}</li>`)}</ul>
<p>The same contact is published for tools at <a href="/.well-known/security.txt">/.well-known/security.txt</a> (RFC 9116).
Please say which address you found it on, what you did, and what happened; do not read, change or delete other people’s data beyond what shows the problem, and give the operator time to fix it before telling others.</p>`
      : html`<p>The operator of this installation has not published a security contact (the server’s <code>SECURITY_CONTACT</code> setting), so <code>/.well-known/security.txt</code> is not served. Report a vulnerability to the person or team who gave you access to this installation.</p>`;

  const main = html`<h1>Security</h1>
<p>Playshop is self-hosted: the organization that runs this installation (the operator) keeps all of its data on servers it chooses. This page says what is stored, where, for how long and who can read it, how people sign in, and how to report a vulnerability.</p>

<h2 id="stored">What is stored</h2>
<div class="scroll" role="region" aria-labelledby="stored" tabindex="0">
<table>
<caption>What this installation stores, where, for how long, and who can read it</caption>
<thead><tr><th scope="col">What</th><th scope="col">Where</th><th scope="col">How long</th><th scope="col">Who can read it</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>

<h2>Where</h2>
<ul>
<li><strong>Database:</strong> the operator’s PostgreSQL server, or the embedded database in the server’s data folder.</li>
<li><strong>Files:</strong> the server’s data folder, or an S3-compatible bucket the operator configures.</li>
<li><strong>Redis</strong>, when the operator runs several servers: short-lived sign-in rate-limit counters and the live game’s messages passing between servers.</li>
<li><strong>Outside the installation</strong>, only what an organization turns on: its own identity provider for single sign-on (OpenID Connect or SAML); its directory, which creates and deactivates staff accounts through SCIM; YouTube, whose videos play in the browser when content or training uses them; a music playlist’s provider on the facilitator’s screen; the operator’s mail server. No analytics or advertising scripts are loaded.</li>
</ul>

<h2>Who can read what</h2>
<p>Every request is checked against the caller’s role and organization on the server: an organization’s people see only their organization’s data. The <strong>super admin</strong> runs the installation and sees every organization; an organization’s <strong>admins</strong> see its people, rooms, games, Insights and audit log; <strong>facilitators</strong> run rooms and see their own games’ figures; <strong>players</strong> see their own card, rooms and games. An organization’s admins can download all of its data as one archive, erase a player’s personal data, and choose in Settings › Retention how long its games, answers and audit log are kept; the super admin can erase a whole organization.</p>

<h2>Signing in</h2>
<ul>
<li><strong>Password</strong> (staff): stored as an argon2id hash; the most common passwords and simple patterns are refused; repeated wrong passwords are slowed down per account and per address.</li>
<li><strong>Single sign-on with OpenID Connect or SAML 2.0</strong> (staff): an organization connects its own identity provider (Entra ID, Google Workspace, Okta, Keycloak and others); it can turn password sign-in off for its admins and facilitators. Signing out of a SAML sign-in also signs out at the provider, and the provider’s sign-out ends the person’s sessions here.</li>
<li><strong>Provisioning with SCIM 2.0</strong> (staff): an organization’s directory creates its admins’ and facilitators’ accounts, sets their role by group, and deactivates them, which ends their sessions at once and refuses every sign-in; its token is shown once and can be replaced or revoked.</li>
<li><strong>Two-factor sign-in</strong> (staff): an authenticator app’s codes (TOTP) with ten single-use recovery codes; an organization can require it of its admins, the super admin of all staff.</li>
<li><strong>Players</strong> have no password: they join with their username and their organization’s name or a room’s code, or with a room’s code and a nickname where the organization allows guests.</li>
</ul>
<p><strong>Where you’re signed in:</strong> each staff member sees their live sessions (device, address, last seen) and signs out of one or of all others; an admin can sign any of the organization’s people out everywhere. A session also ends at once, on every server, when the account’s password is reset, its role changes, it is deleted or moved, or the organization’s directory deactivates it.</p>
<p>The operator serves the installation over HTTPS; session cookies are then marked Secure, and are always httpOnly and SameSite=Strict.</p>

<h2 id="report">Reporting a vulnerability</h2>
${report}

<h2>Accessibility</h2>
<p>The <a href="/accessibility">accessibility conformance report</a> (WCAG 2.2 AA) says how the product meets each criterion.</p>`;
  return page({ path: '/security', title: 'Security', main, securityTxt: contacts.length > 0 });
}
