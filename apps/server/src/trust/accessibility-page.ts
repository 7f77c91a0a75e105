import { html, raw } from '../http/html';
import { BUILD_INFO } from '../version';
import { type Conformance, REPORT_DATE, WCAG_22_AA } from './accessibility-report';
import { inlineHtml, page } from './html';

const LEVELS: Conformance[] = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'];

export function accessibilityPage(options: { securityTxt: boolean }): string {
  const count = (level: Conformance) => WCAG_22_AA.filter((c) => c.conformance === level).length;
  const rows = WCAG_22_AA.map(
    (c) =>
      html`<tr><th scope="row">${c.criterion}</th><td>${c.conformance}</td><td>${raw(inlineHtml(c.remarks))}</td></tr>`,
  );
  const exceptions = WCAG_22_AA.filter((c) => c.conformance === 'Partially Supports');
  const main = html`<h1>Accessibility conformance report</h1>
<p>Playshop ${BUILD_INFO.version}, against the Web Content Accessibility Guidelines (WCAG) 2.2 at levels A and AA, in the table form of the VPAT® 2.5 (WCAG edition). Report date: ${REPORT_DATE}.</p>

<h2>How it was evaluated</h2>
<ul>
<li>The product’s browser tests (Playwright driving Chromium, <code>e2e/*.test.ts</code>) run axe-core on every screen they reach, for each role, and fail on any serious or critical violation; they also check reflow at 390 and 320 px on every route, the page’s language and direction, and the main path of each role by keyboard alone, failing when focus falls to the page body.</li>
<li>The web app’s screen tests find every control by its role and accessible name, and check the live regions that announce changes (<code>apps/web/src/**/*.test.tsx</code>).</li>
<li>Where a remark says no test checks a criterion, its level is the team’s reading of the code. No test runs a screen reader itself.</li>
</ul>
<p>Conformance levels: <strong>Supports</strong> (no known defect), <strong>Partially Supports</strong> (some functionality does not meet the criterion), <strong>Does Not Support</strong>, <strong>Not Applicable</strong>.</p>

<h2>Summary</h2>
<ul>${LEVELS.map((level) => html`<li>${level}: ${count(level)} criteria</li>`)}</ul>
<p>Partially supported (the remarks name what remains): ${exceptions.map((c, i) => html`${i > 0 ? ', ' : ''}${c.criterion.replace(/ \(Level A+\)$/, '')}`)}.</p>

<h2 id="criteria">WCAG 2.2 Report: Levels A and AA</h2>
<div class="scroll" role="region" aria-labelledby="criteria" tabindex="0">
<table>
<caption>Each WCAG 2.2 success criterion at levels A and AA, its conformance level, and remarks</caption>
<thead><tr><th scope="col">Criteria</th><th scope="col">Conformance Level</th><th scope="col">Remarks and Explanations</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>

<h2>Feedback</h2>
<p>To report an accessibility problem, use the <strong>Report Issue</strong> link in the product’s footer, or the contacts on the <a href="/security#report">security page</a>.</p>`;
  return page({ path: '/accessibility', title: 'Accessibility', main, securityTxt: options.securityTxt });
}
